import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useFormatNumber } from '../../../lib/format-number';
import { paths } from '../../../lib/paths';
import { worstRooms } from '../lib/problem-summary';
import { isPartial, type OpenProblems } from '../lib/open-problems';
import { CardEmpty, CardState, OverviewCard, type CardQuery } from './overview-card';

/** The rooms with the most open problems: each opens its map, its count the room's open problems to manage. */
export function WorstRoomsCard({ open }: { open: CardQuery<OpenProblems> }) {
  const { t } = useTranslation('overview');
  const num = useFormatNumber();
  const rooms = open.data ? worstRooms(open.data.observations) : [];
  const max = Math.max(1, ...rooms.map((r) => r.count));
  return (
    <OverviewCard title={t('rooms.title')} icon="rooms" link={{ to: paths.rooms, label: t('rooms.link') }} testId="overview-rooms">
      <CardState query={open}>
        {rooms.length === 0 ? (
          <CardEmpty title={t('rooms.emptyTitle')} hint={t('rooms.emptyHint')} />
        ) : (
          <>
            <ol className="divide-y divide-stone-100">
              {rooms.map((r) => (
                <li key={r.key} className="flex items-center gap-3 py-1">
                  <Link
                    to={paths.room(r.key)}
                    className="flex min-h-11 min-w-0 flex-1 flex-col justify-center rounded px-1 hover:bg-stone-50 focus-visible:outline-2 focus-visible:outline-brand-600"
                  >
                    <span className="truncate text-sm font-medium text-stone-900">{r.label}</span>
                    <span className="mt-1 block h-1.5 rounded-full bg-stone-100" aria-hidden="true">
                      <span className="block h-1.5 rounded-full bg-amber-500" style={{ width: `${(r.count / max) * 100}%` }} />
                    </span>
                  </Link>
                  <Link
                    to={paths.unresolvedRoom(r.key)}
                    aria-label={t('rooms.manage', { count: r.count, n: num(r.count), room: r.label })}
                    className="inline-flex min-h-11 shrink-0 items-center rounded-lg px-2 text-sm font-semibold text-amber-900 hover:bg-amber-50 focus-visible:outline-2 focus-visible:outline-brand-600"
                  >
                    {t('rooms.open', { count: r.count, n: num(r.count) })}
                  </Link>
                </li>
              ))}
            </ol>
            {open.data && isPartial(open.data) && (
              <p className="mt-2 text-xs text-stone-600">{t('rooms.partial', { n: num(open.data.observations.length) })}</p>
            )}
          </>
        )}
      </CardState>
    </OverviewCard>
  );
}
