import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { RoomThresholdLevel } from '@verdant/contract';
import { ThresholdLevelText, useRoomThresholdLevels } from '../../../components/threshold-level/threshold-level-badge';
import { paths } from '../../../lib/paths';
import { CardEmpty, CardState, OverviewCard } from './overview-card';

const worstFirst = (a: RoomThresholdLevel, b: RoomThresholdLevel) => (a.level === b.level ? a.room_name.localeCompare(b.room_name) : a.level === 'red' ? -1 : 1);

/** The rooms over an action threshold now, red first, each opening its map; the footer opens the thresholds. */
export function ThresholdsCard({ companyId }: { companyId: number }) {
  const { t } = useTranslation('threshold-level');
  const levels = useRoomThresholdLevels(companyId);
  // Not asked (a consultant): no card rather than one loading for ever.
  if (levels.isPending && levels.fetchStatus === 'idle') return null;
  const rooms = [...(levels.data?.values() ?? [])].sort(worstFirst);
  return (
    <OverviewCard title={t('overview.title')} icon="automation" link={{ to: paths.thresholds, label: t('overview.link') }} testId="overview-thresholds">
      <CardState query={levels}>
        {rooms.length === 0 ? (
          <CardEmpty title={t('overview.noneTitle')} hint={t('overview.noneHint')} />
        ) : (
          <ol className="divide-y divide-stone-100">
            {rooms.map((r) => (
              <li key={r.room_id}>
                <Link
                  to={paths.room(r.room_id)}
                  className="flex min-h-11 flex-wrap items-center justify-between gap-2 rounded px-1 py-1 hover:bg-stone-50 focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  <span className="text-sm font-medium text-stone-900">{r.room_name}</span>
                  <ThresholdLevelText level={r} />
                </Link>
              </li>
            ))}
          </ol>
        )}
      </CardState>
    </OverviewCard>
  );
}
