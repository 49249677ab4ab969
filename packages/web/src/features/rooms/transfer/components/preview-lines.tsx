import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Badge, Button, EmptyState, ErrorState, LoadingState, ScrollRegion } from '../../../../components/ui';
import { useFormatDate } from '../../../../lib/format-date';

const TONE = { create: 'success', change: 'info', refuse: 'danger' } as const;
type Tone = 'success' | 'info' | 'neutral' | 'danger';

/** An import's preview as both transfer screens show it: the counts, then every line with what it will do and why. */
export function PreviewLines<L extends { line: number; action: keyof typeof TONE; detail: string }>({ counts, countsLabel, lines, linesLabel, whatHeader, what, nothingToDo, truncated, minWidth }: {
  counts: Array<{ tone: Tone; text: string }>;
  countsLabel: string;
  lines: L[];
  linesLabel: string;
  whatHeader: string;
  what(line: L): ReactNode;
  nothingToDo: string;
  truncated: boolean;
  minWidth: string;
}) {
  const { t } = useTranslation('rooms');
  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-wrap gap-2 text-sm" aria-label={countsLabel}>
        {counts.map((c) => <li key={c.text}><Badge tone={c.tone}>{c.text}</Badge></li>)}
      </ul>
      {lines.length === 0 ? (
        <p className="text-sm text-stone-700">{nothingToDo}</p>
      ) : (
        <ScrollRegion label={linesLabel} className="max-h-[28rem] overflow-y-auto">
          <table className={`w-full ${minWidth} text-left text-sm`}>
            <thead className="sticky top-0 bg-stone-50 text-xs uppercase text-stone-600">
              <tr>
                <th className="px-3 py-2">{t('transfer.col.line')}</th>
                <th className="px-3 py-2">{t('transfer.col.action')}</th>
                <th className="px-3 py-2">{whatHeader}</th>
                <th className="px-3 py-2">{t('transfer.col.detail')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {lines.map((l) => (
                <tr key={`${l.line}-${l.action}`}>
                  <td className="px-3 py-2 tabular-nums">{l.line}</td>
                  <td className="px-3 py-2"><Badge tone={TONE[l.action]}>{t(`transfer.action.${l.action}`)}</Badge></td>
                  <td className="px-3 py-2 break-words">{what(l)}</td>
                  <td className="px-3 py-2 break-words text-stone-700">{l.detail}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      {truncated && <p className="text-xs text-stone-600">{t('transfer.truncated')}</p>}
    </div>
  );
}

/** "Room › Grid (column, row)" of a preview line. */
export const placeOf = (l: { room: string | null; grid: string | null; column: number | null; row: number | null }) =>
  `${[l.room, l.grid].filter(Boolean).join(' › ')}${l.column !== null && l.row !== null ? ` (${l.column}, ${l.row})` : ''}`;

/** The recent imports of one kind, each with what it wrote and its undo (or that it was undone). */
export function RecentImports<X extends { import_id: number; file_name: string; created_at: string; undone_at: string | null }>({ imports, label, counts, undoLabel, onUndo }: {
  imports: UseQueryResult<X[]>;
  label: string;
  counts(x: X): string;
  undoLabel(x: X): string;
  onUndo(x: X): void;
}) {
  const { t } = useTranslation('rooms');
  const formatDate = useFormatDate();
  if (imports.isPending) return <LoadingState />;
  if (imports.isError) return <ErrorState error={imports.error} onRetry={() => void imports.refetch()} />;
  if (!imports.data.length) return <EmptyState title={t('transfer.noImports')} description={t('transfer.noImportsBody')} />;
  return (
    <ul className="divide-y divide-stone-100" aria-label={label}>
      {imports.data.map((x) => (
        <li key={x.import_id} className="flex flex-wrap items-center justify-between gap-2 py-3">
          <div className="min-w-0 text-sm">
            <p className="break-words font-medium text-stone-900">{x.file_name}</p>
            <p className="text-stone-600">{formatDate(x.created_at)} · {counts(x)}</p>
          </div>
          {x.undone_at ? (
            <Badge tone="neutral">{t('transfer.undone')}</Badge>
          ) : (
            <Button variant="secondary" onClick={() => onUndo(x)} aria-label={undoLabel(x)}>{t('transfer.undo')}</Button>
          )}
        </li>
      ))}
    </ul>
  );
}
