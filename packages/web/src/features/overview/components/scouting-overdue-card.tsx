import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { scoutingCoverageQuery } from '../../../api/queries/scouting-coverage';
import { paths } from '../../../lib/paths';
import { ButtonLink } from '../../../components/ui';
import { CardEmpty, CardState, OverviewCard } from './overview-card';

/** The rooms the card names at most; the rest are on the rooms page its footer opens. */
const SHOWN = 6;

/** Rooms past their scouting frequency, most overdue boxes first, each opening its map (overdue boxes outlined). */
export function ScoutingOverdueCard({ companyId }: { companyId: number }) {
  const { t } = useTranslation('scouting-coverage');
  const coverage = useQuery({ ...scoutingCoverageQuery(companyId), enabled: companyId > 0 });
  const rooms = coverage.data?.rooms ?? [];
  const anyFrequency = rooms.some((r) => r.due_every_days !== null);
  const overdue = rooms.filter((r) => r.overdue).sort((a, b) => b.boxes_overdue - a.boxes_overdue || a.Name.localeCompare(b.Name));
  return (
    <OverviewCard title={t('overview.title')} icon="scan" link={{ to: paths.rooms, label: t('overview.openRooms') }} testId="overview-scouting">
      <CardState query={coverage}>
        {!anyFrequency ? (
          <CardEmpty
            title={t('bar.noFrequency')}
            hint={t('overview.noFrequency')}
            action={
              <ButtonLink to={paths.settings} variant="secondary">
                {t('overview.setFrequency')}
              </ButtonLink>
            }
          />
        ) : overdue.length === 0 ? (
          <p className="py-2 text-sm text-stone-700">{t('overview.allDone')}</p>
        ) : (
          <ol className="divide-y divide-stone-100">
            {overdue.slice(0, SHOWN).map((r) => (
              <li key={r.RoomID}>
                <Link
                  to={paths.room(r.RoomID)}
                  className="flex min-h-11 items-center rounded px-1 text-sm text-stone-900 hover:bg-amber-50 focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  {t('overview.room', { name: r.Name, overdue: r.boxes_overdue, total: r.boxes_total })}
                </Link>
              </li>
            ))}
            {overdue.length > SHOWN && <li className="py-2 text-xs text-stone-600">{t('overview.more', { count: overdue.length - SHOWN })}</li>}
          </ol>
        )}
      </CardState>
    </OverviewCard>
  );
}
