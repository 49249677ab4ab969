import { useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, useToast } from '../../../../components/ui';
import { Icon } from '../../../../components/icons';
import { useAuth } from '../../../../state/hooks';
import { useMarkGridScanned } from '../../api/use-rooms';
import { ScanDetailsToggle } from '../../scouting/components/scan-details';
import { ActionSheet } from './action-sheet';
import type { MapGrid } from './grid-map';
import { ScanState } from './rooms-page';

interface GridFooterProps {
  grid: MapGrid;
  online: boolean;
  uploading: boolean;
  onUploadBackground: (gridId: number, file: File) => void;
  ref?: Ref<HTMLDivElement>;
}

/**
 * Under a grid's map: when it was scanned and by whom, on one line, and the grid's actions (mark scanned,
 * background image, scouting details) — beside it from `sm` up, in a sheet behind "⋯" on a phone, so the
 * scanned line stays in the first screen with the map.
 */
export function GridFooter({ grid, online, uploading, onUploadBackground, ref }: GridFooterProps) {
  const { t } = useTranslation('rooms');
  const toast = useToast();
  const { companyID, userId } = useAuth();
  const mark = useMarkGridScanned(companyID ?? 0, userId ?? 0);
  const [sheet, setSheet] = useState(false);
  const markGrid = () =>
    mark.mutate(grid.id, {
      onSuccess: () => toast.success(t('scan.gridMarked', { name: grid.Name })),
      onError: () => toast.danger(t('scan.markFailed')),
    });
  const background = (block: boolean) => (
    <BackgroundButton
      online={online}
      uploading={uploading}
      block={block}
      onFile={(file) => {
        setSheet(false);
        onUploadBackground(grid.id, file);
      }}
    />
  );

  return (
    <div ref={ref} className="pt-2">
      <div className="flex items-center justify-between gap-2 sm:flex-wrap">
        <div className="flex min-w-0 flex-wrap items-center gap-x-4">
          <ScanState scanned={grid.Scanned} when={grid.ScannedDateTime} by={grid.LastScannedBy} />
          <ScanDetailsToggle kind="grid" id={grid.id} name={grid.Name} className="hidden sm:block" />
        </div>
        <div className="hidden sm:flex sm:flex-wrap sm:gap-2">
          {background(false)}
          <Button variant="secondary" disabled={!online} loading={mark.isPending} onClick={markGrid}>
            {t('scan.markGrid')}
          </Button>
        </div>
        <button
          type="button"
          aria-haspopup="dialog"
          aria-label={t('actions.gridLabel', { name: grid.Name })}
          onClick={() => setSheet(true)}
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-stone-700 ring-1 ring-inset ring-stone-300 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 sm:hidden"
        >
          <Icon name="more" className="size-6" />
        </button>
      </div>
      <ActionSheet open={sheet} onClose={() => setSheet(false)} title={grid.Name}>
        <Button block disabled={!online} loading={mark.isPending} onClick={markGrid}>
          {t('scan.markGrid')}
        </Button>
        {background(true)}
        <ScanDetailsToggle kind="grid" id={grid.id} name={grid.Name} className="ml-2" />
      </ActionSheet>
    </div>
  );
}

/** "Background image": a button that opens the file picker of its own hidden input (one per place it is shown). */
function BackgroundButton({ online, uploading, block, onFile }: { online: boolean; uploading: boolean; block: boolean; onFile: (file: File) => void }) {
  const { t } = useTranslation('rooms');
  const file = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={file}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        className="sr-only"
        tabIndex={-1}
        aria-label={t('grid.background')}
        onChange={(e) => {
          const f = e.target.files?.[0];
          if (f) onFile(f);
          e.target.value = '';
        }}
      />
      <Button variant="secondary" block={block} disabled={!online} loading={uploading} onClick={() => file.current?.click()}>
        {t('grid.background')}
      </Button>
    </>
  );
}
