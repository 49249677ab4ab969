import { useMemo } from 'react';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { addDays, deviceToday, mondayOf, isoWeekNumber } from '@verdant/contract';
import { Badge, ErrorState, LoadingText } from '@/components/ui';
import { cropIndicatorsQuery, cropPlantingsQuery } from '@/api/queries/crop-registration';
import { useAuth } from '@/state/hooks';
import { useFormatNumber } from '@/lib/format-number';
import { paths } from '@/lib/paths';
import { latestPerRoom } from '../lib/indicators';

/** How far back the tile looks for a room's latest registered week. */
const WEEKS_BACK = 3;

/**
 * The crop's balance as the overview shows it (the app frames it in an overview card, since features do not
 * import each other): each room's latest registered week with its growth and generative/vegetative reading.
 */
export function CropBalanceTile() {
  const { t } = useTranslation('crop-registration');
  const number = useFormatNumber();
  const { companyID } = useAuth();
  const companyId = companyID ?? 0;
  const to = mondayOf(deviceToday());
  const from = addDays(to, -7 * WEEKS_BACK);
  const plantings = useQuery({ ...cropPlantingsQuery(companyId), enabled: companyId > 0 });
  const cropIds = useMemo(
    () => [...new Set((plantings.data ?? []).filter((p) => p.end_week === null || p.end_week >= from).map((p) => p.crop_id))],
    [plantings.data, from],
  );
  const indicators = useQueries({ queries: cropIds.map((c) => ({ ...cropIndicatorsQuery(companyId, c, from, to), enabled: companyId > 0 })) });
  const failed = plantings.isError ? plantings : indicators.find((q) => q.isError);
  if (failed) return <ErrorState error={failed.error} onRetry={() => void failed.refetch()} title={t('tile.failed')} />;
  if (plantings.isPending || indicators.some((q) => q.isPending)) return <LoadingText spinner className="flex items-center gap-2 py-6 text-sm text-stone-600" />;
  const rows = indicators.flatMap((q) => latestPerRoom(q.data?.weeks ?? []));
  const cropOf = new Map((plantings.data ?? []).map((p) => [p.planting_id, p.crop_name]));
  if (rows.length === 0) {
    return (
      <div className="rounded-lg border border-dashed border-stone-300 bg-white px-4 py-5 text-center">
        <p className="text-sm font-semibold text-stone-900">{t('tile.emptyTitle')}</p>
        <p className="mt-1 text-sm text-stone-600">
          {t('tile.emptyText')} <Link className="font-semibold text-brand-800 underline" to={paths.cropWalk}>{t('nav.walk')}</Link>
        </p>
      </div>
    );
  }
  return (
    <ul className="flex flex-col divide-y divide-stone-100 text-sm" aria-label={t('tile.list')}>
      {rows.map((w) => (
        <li key={w.planting_id} className="flex items-center justify-between gap-2 py-2">
          <span className="min-w-0">
            <span className="block truncate font-semibold text-stone-900">
              {w.room_name} · {cropOf.get(w.planting_id) ?? ''}
            </span>
            <span className="block text-xs text-stone-600">
              {t('walk.week', { number: isoWeekNumber(w.week) })} · {t('indicator.growth')}{' '}
              {w.values.growth === null ? '—' : `${number(w.values.growth, { maximumFractionDigits: 1 })} cm`}
            </span>
          </span>
          {w.balance_label ? (
            <Badge tone={w.balance_label === 'balanced' ? 'success' : 'warning'}>{t(`balanceLabel.${w.balance_label}`)}</Badge>
          ) : (
            <span className="text-xs text-stone-500">{t('tile.noTarget')}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
