import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui';
import { useFormatDay } from '../../../lib/format-date';
import { useFormatNumber } from '../../../lib/format-number';
import { paths } from '../../../lib/paths';
import type { HarvestWeek, HarvestsDue } from '../lib/harvests';
import { CardEmpty, CardState, OverviewCard, type CardQuery } from './overview-card';

/** The rows shown per week; the rest are counted and reached through the batches screen. */
const SHOWN = 4;

function Week({ label, week }: { label: string; week: HarvestWeek }) {
  const { t } = useTranslation('overview');
  const day = useFormatDay();
  const num = useFormatNumber();
  const hidden = week.batches.length - SHOWN;
  return (
    <div>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h3 className="text-sm font-semibold text-stone-900">{label}</h3>
        <p className="text-xs text-stone-600">
          {day(week.weekStart)} – {day(week.weekEnd)}
        </p>
      </div>
      {week.batches.length === 0 ? (
        <p className="mt-1 text-sm text-stone-600">{t('harvests.none')}</p>
      ) : (
        <>
          <p className="mt-1 text-sm text-stone-700">
            {t('harvests.summary', { count: week.batches.length, batches: num(week.batches.length), plants: num(week.plants), available: num(week.available) })}
          </p>
          <ul className="mt-2 divide-y divide-stone-100">
            {week.batches.slice(0, SHOWN).map((b) => (
              <li key={b.batch_id}>
                <Link
                  to={paths.batch(b.batch_id)}
                  className="flex min-h-11 flex-col justify-center rounded px-1 py-1 text-sm hover:bg-stone-50 focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  <span className="truncate">
                    <span className="font-medium text-stone-900">{b.batch_number}</span>
                    {b.strain_name && <span className="text-stone-600"> · {b.strain_name}</span>}
                  </span>
                  <span className="text-xs text-stone-600">
                    {t('harvests.plants', { count: b.number_of_plants, plants: num(b.number_of_plants) })} · {day(b.end_date)}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          {hidden > 0 && <p className="mt-1 text-xs text-stone-600">{t('harvests.more', { count: hidden, n: num(hidden) })}</p>}
        </>
      )}
    </div>
  );
}

/** Harvests due this week and next (by the batches' end dates), and batches past their end date. */
export function HarvestsCard({ query }: { query: CardQuery<HarvestsDue> }) {
  const { t } = useTranslation('overview');
  const num = useFormatNumber();
  const due = query.data;
  const nothing = due && due.thisWeek.batches.length === 0 && due.nextWeek.batches.length === 0 && due.overdue.length === 0;
  return (
    <OverviewCard title={t('harvests.title')} icon="batches" link={{ to: paths.batches, label: t('harvests.link') }} testId="overview-harvests">
      <CardState query={query}>
        {nothing ? (
          <CardEmpty title={t('harvests.emptyTitle')} hint={t('harvests.emptyHint')} />
        ) : (
          due && (
            <div className="space-y-4">
              {due.overdue.length > 0 && (
                <Link
                  to={paths.batches}
                  className="flex min-h-11 items-center gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 text-sm text-amber-900 hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  <Badge tone="warning">{num(due.overdue.length)}</Badge>
                  {t('harvests.overdue', { count: due.overdue.length })}
                </Link>
              )}
              <Week label={t('harvests.thisWeek')} week={due.thisWeek} />
              <Week label={t('harvests.nextWeek')} week={due.nextWeek} />
            </div>
          )
        )}
      </CardState>
    </OverviewCard>
  );
}
