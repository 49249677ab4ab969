import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icons';
import { useFormatNumber } from '../../../lib/format-number';
import { cn } from '../../../lib/cn';
import { useAuth } from '../../../state/hooks';
import { useProblemLook } from '../../../components/problem-look';
import { lastChange, topProblems, type WeekTotal } from '../lib/problem-summary';
import { openProblemsPath, type OpenProblems } from '../lib/open-problems';
import { CardState, OverviewCard, type CardQuery } from './overview-card';


/** New observations per week as bars: a figure a grower reads at a glance, with the numbers written out. */
function WeekBars({ weeks }: { weeks: readonly WeekTotal[] }) {
  const { t, i18n } = useTranslation('overview');
  const num = useFormatNumber();
  const day = (d: string) => new Date(`${d}T00:00:00Z`).toLocaleDateString(i18n.language, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const max = Math.max(1, ...weeks.map((w) => w.total));
  return (
    <ol aria-label={t('problems.trendLabel')} className="mt-2 grid grid-cols-4 items-end gap-2">
      {weeks.map((w, i) => (
        <li key={w.week} className="flex min-w-0 flex-col items-center gap-1">
          <span className="text-sm font-semibold text-stone-900">{num(w.total)}</span>
          <span className="flex h-16 w-full items-end rounded bg-stone-100" aria-hidden="true">
            <span
              className={cn('w-full rounded', i === weeks.length - 1 ? 'bg-brand-600' : 'bg-brand-300')}
              style={{ height: `${Math.max(w.total > 0 ? 6 : 0, (w.total / max) * 100)}%` }}
            />
          </span>
          <span className="max-w-full truncate text-xs text-stone-600">
            {i === weeks.length - 1 ? (
              t('problems.thisWeek')
            ) : (
              <>
                <span className="sr-only">{t('problems.weekOf')} </span>
                {day(w.week)}
              </>
            )}
          </span>
        </li>
      ))}
    </ol>
  );
}

function Trend({ weeks }: { weeks: readonly WeekTotal[] }) {
  const { t } = useTranslation('overview');
  const num = useFormatNumber();
  const change = lastChange(weeks);
  if (weeks.every((w) => w.total === 0)) return <p className="mt-2 text-sm text-stone-600">{t('problems.noTrend')}</p>;
  return (
    <>
      {change && (
        <p className="mt-1 flex items-center gap-1 text-sm text-stone-700">
          {change.delta !== 0 && (
            <Icon name={change.delta > 0 ? 'up' : 'down'} className={cn('size-4', change.delta > 0 ? 'text-red-700' : 'text-green-700')} aria-hidden="true" />
          )}
          {t(change.delta > 0 ? 'problems.rising' : change.delta < 0 ? 'problems.falling' : 'problems.steady', {
            current: num(change.current),
            previous: num(change.previous),
          })}
        </p>
      )}
      <WeekBars weeks={weeks} />
    </>
  );
}

/**
 * Suspected problems apart from the open ones (issue 18): scans saw them, nobody confirmed them yet. Drawn with a
 * dashed outline as on the map; nothing when there are none (or the count is not known yet).
 */
function SuspectedLink({ count }: { count: number | null }) {
  const { t } = useTranslation('overview');
  const num = useFormatNumber();
  if (!count) return null;
  return (
    <Link
      to={openProblemsPath({ status: 'suspected' })}
      data-testid="suspected-problems-count"
      className="mt-2 inline-flex min-h-11 items-center gap-2 rounded-lg border-2 border-dashed border-sky-700 px-3 text-sm text-stone-800 hover:bg-sky-50 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <span className="font-semibold">{t('problems.suspected', { count, value: num(count) })}</span>
      <span className="text-stone-600">{t('problems.suspectedHint')}</span>
    </Link>
  );
}

/** Open problems now, the problems seen most among them, suspected ones apart, and new observations per week over four weeks. */
export function ProblemsCard({ open, trend, suspected = null }: { open: CardQuery<OpenProblems>; trend: CardQuery<WeekTotal[]>; suspected?: number | null }) {
  const { t } = useTranslation('overview');
  const num = useFormatNumber();
  const problems = open.data ? topProblems(open.data.observations) : [];
  // Names in the reader's language and the one colour of each problem, as the map and the reports show them.
  const look = useProblemLook(useAuth().companyID ?? 0);
  return (
    <OverviewCard title={t('problems.title')} icon="problems" link={{ to: openProblemsPath(), label: t('problems.link') }} testId="overview-problems">
      <CardState query={open}>
        {open.data && (
          <>
            <p className="flex items-baseline gap-2">
              <span className="text-4xl font-bold tracking-tight text-stone-900" data-testid="open-problems-count">
                {num(open.data.total_count)}
              </span>
              <span className="text-sm text-stone-700">{t('problems.open', { count: open.data.total_count })}</span>
            </p>
            <SuspectedLink count={suspected} />
            {open.data.total_count === 0 ? (
              <p className="mt-1 text-sm text-stone-600">{t('problems.noneOpen')}</p>
            ) : (
              <ul className="mt-2 flex flex-wrap gap-2" aria-label={t('problems.topLabel')}>
                {problems.map((p) => (
                  <li key={p.key}>
                    <Link
                      to={openProblemsPath({ problem: p.key })}
                      className="inline-flex min-h-11 items-center gap-2 rounded-full border border-stone-300 px-3 text-sm text-stone-800 hover:border-brand-400 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
                    >
                      <span aria-hidden="true" className="size-3 shrink-0 rounded-full" style={{ background: look.colour(p.key) }} />
                      <span className="max-w-48 truncate">{look.name(p.label)}</span>
                      <span className="font-semibold">{num(p.count)}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </CardState>
      <div className="mt-4 border-t border-stone-100 pt-3">
        <h3 className="text-sm font-semibold text-stone-900">{t('problems.trendTitle')}</h3>
        <CardState query={trend}>{trend.data && <Trend weeks={trend.data} />}</CardState>
      </div>
    </OverviewCard>
  );
}
