import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CartesianGrid, Legend, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { addDays, ADMIN_ROLES, deviceToday, mondayOf, type CropTarget, isoWeekNumber } from '@verdant/contract';
import { Badge, ButtonLink, Card, EmptyState, ErrorState, LoadingState, PageHeader, ScrollRegion, Select } from '@/components/ui';
import { cropIndicatorsQuery, cropPlantingsQuery } from '@/api/queries/crop-registration';
import { useAuth } from '@/state/hooks';
import { useFormatNumber } from '@/lib/format-number';
import { paths } from '@/lib/paths';
import { differencePercent, INDICATORS, indicatorRows, latestPerRoom, roomsOf, targetOf, type Indicator } from '../lib/indicators';
import { CropRegistrationNav } from './crop-registration-nav';
import { TargetsCard } from './targets-card';

const SERIES = ['#2f855a', '#b7791f', '#2b6cb0', '#9b2c2c', '#6b46c1', '#2c7a7b', '#c05621', '#4a5568'];
/** How many weeks the screen shows, ending this week. */
const WEEKS_SHOWN = 12;

/**
 * The crop's balance (desk first, 1440 px): the weekly indicators of each room growing a crop, computed by the
 * server from the registrations, each with its formula; the rooms side by side, against the same week last year
 * and the grower's targets (which Admins set here).
 */
export default function CropBalancePage() {
  const { t } = useTranslation('crop-registration');
  const number = useFormatNumber();
  const { companyID, userRole } = useAuth();
  const companyId = companyID ?? 0;
  const canEdit = Boolean(userRole && (ADMIN_ROLES as readonly string[]).includes(userRole));
  const plantings = useQuery({ ...cropPlantingsQuery(companyId), enabled: companyId > 0 });
  const crops = useMemo(() => {
    const seen = new Map<number, string>();
    for (const p of plantings.data ?? []) seen.set(p.crop_id, p.crop_name);
    return [...seen].map(([id, name]) => ({ value: String(id), label: name }));
  }, [plantings.data]);
  const [chosen, setChosen] = useState<number | null>(null);
  const cropId = chosen ?? Number(crops[0]?.value ?? 0);
  const to = mondayOf(deviceToday());
  const from = addDays(to, -7 * (WEEKS_SHOWN - 1));
  const indicators = useQuery({ ...cropIndicatorsQuery(companyId, cropId, from, to), enabled: cropId > 0 });
  const [indicator, setIndicator] = useState<Indicator>('growth');

  const weeks = useMemo(() => indicators.data?.weeks ?? [], [indicators.data]);
  const rooms = useMemo(() => roomsOf(weeks), [weeks]);
  const rows = useMemo(() => indicatorRows(weeks, indicator), [weeks, indicator]);
  const latest = useMemo(() => latestPerRoom(weeks), [weeks]);
  const targets: CropTarget[] = indicators.data?.targets ?? [];
  const units = indicators.data?.units;
  const formulas = indicators.data?.formulas;
  const target = targetOf(targets, indicator);
  const fmt = (v: number | null | undefined) => (v === null || v === undefined ? '—' : number(v, { maximumFractionDigits: 2 }));
  const weekLabel = (w: string) => t('walk.week', { number: isoWeekNumber(w) });
  const unit = (k: Indicator) => (units?.[k] ? ` ${units[k]}` : '');
  // The y axis names what it counts and in what: "Growth (cm/week)"; the balance is a ratio to the target.
  const axisLabel = units?.[indicator]
    ? t('balance.axis', { name: t(`indicator.${indicator}`), unit: units[indicator] })
    : t('balance.axisRatio', { name: t(`indicator.${indicator}`) });

  return (
    <div className="flex flex-col gap-4">
      <CropRegistrationNav />
      <PageHeader
        title={t('balance.title')}
        description={t('balance.description')}
        actions={
          crops.length > 1 ? (
            <Select label={t('balance.crop')} value={String(cropId)} options={crops} onChange={(e) => setChosen(Number(e.target.value))} />
          ) : undefined
        }
      />
      {plantings.isError ? (
        <ErrorState error={plantings.error} onRetry={() => void plantings.refetch()} />
      ) : plantings.isPending ? (
        <LoadingState />
      ) : crops.length === 0 ? (
        <EmptyState title={t('balance.noPlantingTitle')} description={t('walk.noPlantingText')} action={<ButtonLink to={paths.cropSamplePlants}>{t('nav.samplePlants')}</ButtonLink>} />
      ) : indicators.isError ? (
        <ErrorState error={indicators.error} onRetry={() => void indicators.refetch()} />
      ) : indicators.isPending ? (
        <LoadingState />
      ) : latest.length === 0 ? (
        <EmptyState title={t('balance.emptyTitle')} description={t('balance.emptyText')} action={<ButtonLink to={paths.cropWalk}>{t('nav.walk')}</ButtonLink>} />
      ) : (
        <>
          <Card title={t('balance.tableTitle')} description={t('balance.tableText')} padded={false}>
            <ScrollRegion label={t('balance.tableTitle')}>
              <table className="w-full min-w-[60rem] text-left text-sm">
                <thead className="bg-stone-50 text-stone-700">
                  <tr>
                    <th scope="col" className="px-4 py-2 font-semibold">{t('balance.room')}</th>
                    {INDICATORS.map((k) => (
                      <th key={k} scope="col" className="px-3 py-2 text-right font-semibold">
                        <button type="button" className="underline-offset-2 hover:underline" onClick={() => setIndicator(k)} aria-pressed={k === indicator}>
                          {t(`indicator.${k}`)}
                        </button>
                        <span className="block text-xs font-normal text-stone-500">{units?.[k] || '\u00a0'}</span>
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className="divide-y divide-stone-100">
                  {latest.map((w) => (
                    <tr key={w.planting_id}>
                      <th scope="row" className="min-w-48 px-4 py-2 font-medium">
                        {w.room_name}
                        <span className="block text-xs font-normal text-stone-500">
                          {weekLabel(w.week)} · {t('balance.plants', { count: w.plants_measured })}
                        </span>
                      </th>
                      {INDICATORS.map((k) => {
                        const ly = differencePercent(w.values[k], w.last_year[k]);
                        const vsTarget = differencePercent(w.values[k], targetOf(targets, k)?.value);
                        return (
                          <td key={k} className="px-3 py-2 text-right align-top tabular-nums">
                            <span className="font-semibold">{fmt(w.values[k])}</span>
                            {k === 'balance' && w.balance_label && (
                              <Badge tone={w.balance_label === 'balanced' ? 'success' : 'warning'} className="ml-1">
                                {t(`balanceLabel.${w.balance_label}`)}
                              </Badge>
                            )}
                            <span className="block text-xs text-stone-600">
                              {ly !== null && t('balance.vsLastYear', { value: ly > 0 ? `+${ly}` : ly })}
                              {ly !== null && vsTarget !== null && ' · '}
                              {vsTarget !== null && t('balance.vsTarget', { value: vsTarget > 0 ? `+${vsTarget}` : vsTarget })}
                            </span>
                          </td>
                        );
                      })}
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          </Card>

          <div className="grid grid-cols-1 gap-4 xl:grid-cols-3">
            <Card
              className="xl:col-span-2"
              title={t('balance.chartTitle', { name: t(`indicator.${indicator}`) })}
              description={t('balance.chartText')}
              actions={
                <Select
                  label={t('balance.indicator')}
                  value={indicator}
                  options={INDICATORS.map((k) => ({ value: k, label: t(`indicator.${k}`) }))}
                  onChange={(e) => setIndicator(e.target.value as Indicator)}
                />
              }
            >
              <div className="h-80 w-full" data-testid="indicator-chart">
                <ResponsiveContainer width="100%" height="100%">
                  <LineChart data={rows} margin={{ left: 12, right: 8 }}>
                    <CartesianGrid strokeDasharray="3 3" vertical={false} />
                    <XAxis dataKey="week" tickFormatter={weekLabel} tick={{ fontSize: 11 }} />
                    <YAxis
                      tick={{ fontSize: 11, fill: '#57534e' }}
                      width={56}
                      tickFormatter={(v: number) => fmt(v)}
                      label={{ value: axisLabel, angle: -90, position: 'insideLeft', offset: -4, style: { textAnchor: 'middle', fontSize: 12, fill: '#44403c' } }}
                    />
                    <Tooltip labelFormatter={(w) => weekLabel(String(w))} formatter={(v) => fmt(typeof v === 'number' ? v : null)} />
                    <Legend wrapperStyle={{ fontSize: 12 }} />
                    {rooms.map((r, i) => (
                      <Line key={r.planting_id} type="monotone" dataKey={`p${r.planting_id}`} name={r.room_name} stroke={SERIES[i % SERIES.length]} strokeWidth={2} connectNulls />
                    ))}
                    {rooms.map((r, i) => (
                      <Line
                        key={`${r.planting_id}ly`}
                        type="monotone"
                        dataKey={`p${r.planting_id}ly`}
                        name={t('balance.lastYearOf', { room: r.room_name })}
                        stroke={SERIES[i % SERIES.length]}
                        strokeDasharray="4 4"
                        strokeOpacity={0.6}
                        dot={false}
                        connectNulls
                      />
                    ))}
                    {target && <ReferenceLine y={target.value} stroke="#9b2c2c" strokeDasharray="6 3" label={{ value: t('balance.target'), fontSize: 11, fill: '#9b2c2c' }} />}
                  </LineChart>
                </ResponsiveContainer>
              </div>
              <p className="mt-3 rounded-lg bg-stone-50 px-3 py-2 text-sm text-stone-700" data-testid="indicator-formula">
                <span className="font-semibold">{t('balance.formula')}: </span>
                {formulas?.[indicator]}
                {unit(indicator) && <span className="text-stone-500"> ({unit(indicator).trim()})</span>}
              </p>
              {/* The same figures as a report of the reports builder: saved, pinned to the overview, exported as CSV. */}
              <div className="mt-3 flex justify-end">
                <ButtonLink variant="secondary" size="sm" to={paths.reportOf('crop_balance', { crop_id: cropId, indicator, date_option: 'weeks_ago', weeks_ago: WEEKS_SHOWN - 1 })}>
                  {t('balance.asReport')}
                </ButtonLink>
              </div>
            </Card>
            <TargetsCard companyId={companyId} cropId={cropId} targets={targets} units={units} canEdit={canEdit} />
          </div>

          <Card title={t('balance.formulasTitle')}>
            <dl className="grid grid-cols-1 gap-3 text-sm md:grid-cols-2">
              {INDICATORS.map((k) => (
                <div key={k}>
                  <dt className="font-semibold text-stone-900">
                    {t(`indicator.${k}`)}
                    {unit(k) && <span className="font-normal text-stone-500"> ({unit(k).trim()})</span>}
                  </dt>
                  <dd className="text-stone-700">{formulas?.[k]}</dd>
                </div>
              ))}
            </dl>
          </Card>
        </>
      )}
    </div>
  );
}
