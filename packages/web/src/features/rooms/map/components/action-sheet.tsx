import type { ReactNode } from 'react';
import { Dialog } from '../../../../components/ui';

/** The phone's overflow of a toolbar: a sheet from the bottom of the screen (a dialog from `sm` up) listing the actions. */
export function ActionSheet({ open, onClose, title, children }: { open: boolean; onClose: () => void; title: ReactNode; children: ReactNode }) {
  return (
    <Dialog open={open} onClose={onClose} title={title} className="mb-0 max-w-none rounded-b-none sm:mb-auto sm:max-w-md sm:rounded-b-xl">
      <div className="flex flex-col gap-2">{children}</div>
    </Dialog>
  );
}
