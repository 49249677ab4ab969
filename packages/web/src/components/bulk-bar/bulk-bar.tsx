import type { ReactNode } from 'react';
import { Alert, Button } from '../ui';

/** What a list's bulk bar says, in its feature's words. */
export interface BulkBarTexts {
  region: string;
  /** "3 chosen", for the current count. */
  count: string;
  clear: string;
  done: string;
  help: string;
  offline: string;
  failed: string;
  undo: string;
  /** "Changed 3", for the last change, when there is one. */
  applied?: string;
}

/**
 * The frame of a list's "change many at once" bar (tasks, observations): how many are chosen, clear and done, the
 * feature's actions (children), the offline note, the refusal of the last try and the undo of the last change.
 */
export function BulkBar({
  count, texts, online, error, canUndo, undoing, onUndo, onClear, onDone, className = '', children,
}: {
  count: number;
  texts: BulkBarTexts;
  online: boolean;
  /** The refusal of the last change, already put in words. */
  error?: string;
  /** True once a change was made that may be undone (texts.applied says what it was). */
  canUndo: boolean;
  undoing: boolean;
  onUndo: () => void;
  onClear: () => void;
  onDone: () => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div role="region" aria-label={texts.region} className={`${className} flex flex-col gap-2 rounded-lg bg-blue-50 p-3 ring-1 ring-blue-300`.trim()}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p role="status" className="text-sm font-medium text-blue-950">
          {texts.count}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" disabled={count === 0} onClick={onClear}>
            {texts.clear}
          </Button>
          <Button variant="ghost" onClick={onDone}>
            {texts.done}
          </Button>
        </div>
      </div>
      {count === 0 && !canUndo && <p className="text-sm text-blue-950">{texts.help}</p>}
      {children}
      {!online && <p className="text-sm text-amber-900">{texts.offline}</p>}
      {error !== undefined && (
        <Alert tone="danger" title={texts.failed}>
          {error}
        </Alert>
      )}
      {canUndo && (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-white/80 px-3 py-2 ring-1 ring-blue-200">
          <p className="text-sm font-medium text-stone-900">{texts.applied}</p>
          <Button variant="secondary" disabled={undoing || !online} onClick={onUndo}>
            {texts.undo}
          </Button>
        </div>
      )}
    </div>
  );
}
