import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { addDays, utcDate } from '@verdant/contract';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Alert, LoadingText } from '../../../../components/ui';
import { errorMessage } from '../../../../api/api-error';
import { useOnlineStatus } from '../../../../lib/use-online-status';
import { useAuth } from '../../../../state/hooks';
import { stickyTrapHistoryQuery } from '../../../../api/queries/grid-boxes';

export const STICKY_TRAP_WEEKS = 8;

/** The last `weeks` weeks as 'YYYY-MM-DD' (UTC), today included. */
export function lastWeeks(weeks: number, now = new Date()): { from: string; to: string } {
  const to = utcDate(now);
  return { from: addDays(to, -(weeks * 7 - 1)), to };
}

/** The box's sticky-trap readings of the last 8 weeks as a line (total catch per reading). */
export default function StickyTrapChart({ boxId }: { boxId: number }) {
  const { t, i18n } = useTranslation('rooms');
  const { companyID } = useAuth();
  const online = useOnlineStatus();
  const range = useMemo(() => lastWeeks(STICKY_TRAP_WEEKS), []);
  const history = useQuery({ ...stickyTrapHistoryQuery(companyID ?? 0, boxId, range.from, range.to), enabled: online && Boolean(companyID) });
  const data = useMemo(
    () =>
      (history.data ?? []).map((r) => ({
        at: new Date(r.ObservedAt).getTime(),
        total: r.total,
        detail: r.counts.map((c) => `${c.FieldName}: ${c.count}`).join(', '),
      })),
    [history.data],
  );
  const day = (ms: number) => new Date(ms).toLocaleDateString(i18n.language, { day: 'numeric', month: 'short' });

  if (!online) return <p className="text-sm text-stone-600">{t('traps.offline')}</p>;
  if (history.isPending) return <LoadingText />;
  if (history.isError) return <Alert tone="danger">{errorMessage(history.error)}</Alert>;
  if (data.length === 0) return <p className="text-sm text-stone-600">{t('traps.empty', { weeks: STICKY_TRAP_WEEKS })}</p>;
  return (
    <figure>
      <div className="h-44 w-full" role="img" aria-label={t('traps.chartLabel', { count: data.length, weeks: STICKY_TRAP_WEEKS })}>
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
            <CartesianGrid stroke="#e7e5e4" strokeDasharray="3 3" />
            <XAxis dataKey="at" type="number" scale="time" domain={['dataMin', 'dataMax']} tickFormatter={day} tick={{ fontSize: 11 }} />
            <YAxis allowDecimals={false} tick={{ fontSize: 11 }} />
            <Tooltip
              labelFormatter={(v) => day(Number(v))}
              formatter={(value, _name, item) => [`${String(value)} (${(item.payload as { detail: string }).detail})`, t('traps.total')]}
            />
            <Line type="monotone" dataKey="total" name={t('traps.total')} stroke="#15803d" strokeWidth={2} dot={{ r: 3 }} isAnimationActive={false} />
          </LineChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="mt-1 text-xs text-stone-600">{t('traps.caption', { count: data.length, weeks: STICKY_TRAP_WEEKS })}</figcaption>
    </figure>
  );
}
