import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RoomCoverageRow } from '@verdant/contract';
import { scoutingCoverageQuery } from '../../api/queries/scouting-coverage';
import { useFormatDate } from '../../lib/format-date';
import { cn } from '../../lib/cn';
import { Badge } from '../ui';

/** Whole per cent, never 100 % before every box is done nor 0 % once one is. */
export function coveragePercent(scouted: number, total: number): number {
  if (total === 0) return 0;
  const p = Math.round((scouted / total) * 100);
  if (scouted > 0 && p === 0) return 1;
  if (scouted < total && p === 100) return 99;
  return p;
}

/** One room's coverage of the current round: a bar, the share, the interval, the last visit and what is overdue. */
export function CoverageSummary({ row, className }: { row: RoomCoverageRow; className?: string }) {
  const { t } = useTranslation('scouting-coverage');
  const formatDate = useFormatDate();
  const percent = coveragePercent(row.boxes_scouted, row.boxes_total);
  if (row.boxes_total === 0) return <p className={cn('text-xs text-stone-600', className)}>{t('bar.noBoxes')}</p>;
  return (
    <div className={cn('space-y-1.5', className)}>
      <div
        role="progressbar"
        aria-label={t('bar.label')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={t('bar.scouted', { scouted: row.boxes_scouted, total: row.boxes_total, percent })}
        className="h-2 overflow-hidden rounded-full bg-stone-200"
      >
        <div className={cn('h-full rounded-full', row.overdue ? 'bg-amber-500' : 'bg-brand-600')} style={{ width: `${percent}%` }} />
      </div>
      <p className="text-xs text-stone-700">{t('bar.scouted', { scouted: row.boxes_scouted, total: row.boxes_total, percent })}</p>
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-stone-600">
        <span>{row.due_every_days ? t('bar.every', { count: row.due_every_days }) : t('bar.noFrequency')}</span>
        <span aria-hidden="true">·</span>
        <span>
          {row.last_scouted_at
            ? row.last_scouted_by_name
              ? t('bar.last', { when: formatDate(row.last_scouted_at), who: row.last_scouted_by_name })
              : t('bar.lastNoName', { when: formatDate(row.last_scouted_at) })
            : t('bar.never')}
        </span>
        {row.overdue && <Badge tone="warning">{t('bar.overdue', { count: row.boxes_overdue })}</Badge>}
      </p>
    </div>
  );
}

/**
 * The coverage of one room on its card, from the company's one coverage read (every card shares the
 * request). Nothing is shown while it loads or when it cannot be read: the card stays useful without it.
 */
export function CoverageBar({ companyId, roomId, className }: { companyId: number; roomId: number; className?: string }) {
  const row = useQuery({
    ...scoutingCoverageQuery(companyId),
    enabled: companyId > 0,
    select: (data) => data.rooms.find((r) => r.RoomID === roomId),
  });
  if (!row.data) return null;
  return <CoverageSummary row={row.data} className={className} />;
}
