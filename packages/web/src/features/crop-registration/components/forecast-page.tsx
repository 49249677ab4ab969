import { useMemo, useState, type FormEvent } from 'react';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { addDays, deviceToday, FORECAST_HORIZONS, isoWeekday, mondayOf, type CropPlanting, type HarvestForecast, isoWeekNumber, type KeptForecast } from '@verdant/contract';
import { Button, ButtonLink, Card, EmptyState, ErrorState, Input, LoadingState, LoadingText, PageHeader, ScrollRegion, Select, useToast } from '@/components/ui';
import { cropPlantingsQuery, forecastAccuracyQuery, harvestForecastQuery, keptForecastQuery } from '@/api/queries/crop-registration';
import { errorMessage } from '@/api/api-error';
import { useAuth } from '@/state/hooks';
import { useFormatNumber } from '@/lib/format-number';
import { paths } from '@/lib/paths';
import { cn } from '@/lib/cn';
import { useRunHarvestForecast, useSaveCropHarvest } from '../api/use-crop-setup';
import { accuracyWeeks } from '../lib/forecast';
import { CropRegistrationNav } from './crop-registration-nav';

const HORIZONS = Array.from({ length: FORECAST_HORIZONS }, (_, i) => i + 1);
/** How far back the forecast is held against the harvests. */
const ACCURACY_WEEKS = 16;

/**
 * The harvest forecast (desk first, 1440 px): kg/m² for each of the next five weeks per room, made by the server
 * from the trusses set, fruits per truss, recent fruit weight and the temperature sum since setting; the inputs and
 * the model beside it, and every kept forecast against what was harvested, with the error (MAPE) per horizon.
 */
export default function ForecastPage() {
  const { t } = useTranslation('crop-registration');
  const number = useFormatNumber();
  const { companyID } = useAuth();
  const companyId = companyID ?? 0;
  const week = mondayOf(deviceToday());
  const plantings = useQuery({ ...cropPlantingsQuery(companyId), enabled: companyId > 0 });
  const running = useMemo(
    () => (plantings.data ?? []).filter((p) => p.start_week <= week && (p.end_week === null || p.end_week >= week)),
    [plantings.data, week],
  );
  const forecasts = useQueries({ queries: running.map((p) => ({ ...harvestForecastQuery(companyId, p.planting_id), enabled: companyId > 0 })) });
  const [chosen, setChosen] = useState<number | null>(null);
  const toast = useToast();
  const run = useRunHarvestForecast(companyId);
  /** The last run's forecasts by planting: only a run carries the inputs (the kept ones are the figures). */
  const [runs, setRuns] = useState<ReadonlyMap<number, HarvestForecast>>(new Map());
  const runForecast = () =>
    run.mutate(running.map((p) => p.planting_id), {
      onSuccess: (made) => {
        setRuns(new Map(made.map((f) => [f.planting_id, f])));
        toast.success(t('forecast.ran'));
      },
      onError: (err) => toast.danger(errorMessage(err)),
    });
  const selected = running.find((p) => p.planting_id === chosen) ?? running[0];
  const kg = (v: number | null | undefined) => (v === null || v === undefined ? '—' : number(v, { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
  const weekLabel = (w: string) => t('walk.week', { number: isoWeekNumber(w) });

  return (
    <div className="flex flex-col gap-4">
      <CropRegistrationNav />
      <PageHeader
        title={t('forecast.title')}
        description={t('forecast.description')}
        actions={running.length > 0 && (
          <Button onClick={runForecast} loading={run.isPending}>
            {t('forecast.run')}
          </Button>
        )}
      />
      {plantings.isError ? (
        <ErrorState error={plantings.error} onRetry={() => void plantings.refetch()} />
      ) : plantings.isPending ? (
        <LoadingState />
      ) : running.length === 0 ? (
        <EmptyState title={t('balance.noPlantingTitle')} description={t('walk.noPlantingText')} action={<ButtonLink to={paths.cropSamplePlants}>{t('nav.samplePlants')}</ButtonLink>} />
      ) : (
        <>
          <Card title={t('forecast.tableTitle')} description={t('forecast.tableText')} padded={false}>
            <ScrollRegion label={t('forecast.tableTitle')}>
              <table className="w-full min-w-[48rem] text-left text-sm">
                <thead className="bg-stone-50 text-stone-700">
                  <tr>
                    <th scope="col" className="px-4 py-2 font-semibold">{t('balance.room')}</th>
                    {HORIZONS.map((h) => (
                      <th key={h} scope="col" className="px-3 py-2 text-right font-semibold">
                        {weekLabel(addDays(week, 7 * h))}
                        <span className="block text-xs font-normal text-stone-500">{t('forecast.ahead', { count: h })}</span>
                      </th>
                    ))}
                    <th scope="col" className="px-3 py-2 text-right font-semibold">{t('forecast.total')}</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-stone-100">
                  {running.map((p, i) => {
                    const f = forecasts[i];
                    const byWeek = new Map((f?.data?.weeks ?? []).map((w) => [w.week, w.kg_per_m2]));
                    const shown = HORIZONS.map((h) => byWeek.get(addDays(week, 7 * h)));
                    const total = shown.reduce<number>((a, b) => a + (b ?? 0), 0);
                    return (
                      <tr key={p.planting_id} className={cn(p.planting_id === selected?.planting_id && 'bg-brand-50')}>
                        <th scope="row" className="px-4 py-2 font-medium">
                          <button type="button" className="text-left underline-offset-2 hover:underline" onClick={() => setChosen(p.planting_id)} aria-pressed={p.planting_id === selected?.planting_id}>
                            {p.room_name} · {p.crop_name}
                          </button>
                          {p.batch_number && <span className="block text-xs font-normal text-stone-500">{p.batch_number}</span>}
                          {f?.data && f.data.made_week !== week && (
                            <span className="block text-xs font-normal text-stone-500">{t('forecast.madeIn', { week: weekLabel(f.data.made_week) })}</span>
                          )}
                        </th>
                        {f?.isError ? (
                          <td colSpan={FORECAST_HORIZONS + 1} className="px-3 py-2 text-red-700">{errorMessage(f.error)}</td>
                        ) : f?.isPending ? (
                          <td colSpan={FORECAST_HORIZONS + 1} className="px-3 py-2"><LoadingText /></td>
                        ) : !f?.data ? (
                          <td colSpan={FORECAST_HORIZONS + 1} className="px-3 py-2 text-stone-600">{t('forecast.notRun')}</td>
                        ) : (
                          <>
                            {shown.map((v, h) => (
                              <td key={h} className="px-3 py-2 text-right tabular-nums">{kg(v)}</td>
                            ))}
                            <td className="px-3 py-2 text-right font-semibold tabular-nums">{shown.some((v) => v !== undefined) ? kg(total) : '—'}</td>
                          </>
                        )}
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </ScrollRegion>
          </Card>
          {selected && (
            <PlantingForecast
              key={selected.planting_id}
              companyId={companyId}
              planting={selected}
              week={week}
              run={runs.get(selected.planting_id)}
              kept={forecasts[running.indexOf(selected)]?.data ?? null}
            />
          )}
        </>
      )}
    </div>
  );
}

interface PlantingForecastProps {
  companyId: number;
  planting: CropPlanting;
  week: string;
  /** This session's run (its inputs, before the kept copy is read again). */
  run: HarvestForecast | undefined;
  /** The latest kept forecast (with its inputs since they are kept). */
  kept: KeptForecast | null;
}

function PlantingForecast({ companyId, planting, week, run, kept }: PlantingForecastProps) {
  const { t } = useTranslation('crop-registration');
  const number = useFormatNumber();
  const from = addDays(week, -7 * ACCURACY_WEEKS);
  const accuracy = useQuery({ ...forecastAccuracyQuery(companyId, planting.planting_id, from, week), enabled: companyId > 0 });
  const weeks = useMemo(() => accuracyWeeks(accuracy.data?.rows ?? []), [accuracy.data]);
  const kg = (v: number | null | undefined) => (v === null || v === undefined ? '—' : number(v, { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
  const weekLabel = (w: string) => t('walk.week', { number: isoWeekNumber(w) });
  // Any past forecast's model and inputs: the latest by default (this session's run, else the kept one), or a chosen made week.
  const [madeWeek, setMadeWeek] = useState<string | null>(null);
  const past = useQuery({ ...keptForecastQuery(companyId, planting.planting_id, madeWeek ?? ''), enabled: companyId > 0 && madeWeek !== null });
  const madeWeeks = useMemo(
    () => [...new Set([...(kept ? [kept.made_week] : []), ...(accuracy.data?.rows ?? []).map((r) => r.made_week)])].sort().reverse(),
    [kept, accuracy.data],
  );
  const shown: { inputs: HarvestForecast['inputs'] | null; model: string | null; made_week: string } | null =
    madeWeek !== null ? (past.data ?? null) : run ?? kept;
  const inputs = shown?.inputs;
  const chart = weeks.map((w) => ({ week: w.week, actual: w.actual, h1: w.byHorizon[1] ?? null, h3: w.byHorizon[3] ?? null }));
  const name = `${planting.room_name} · ${planting.crop_name}`;

  return (
    <div className="grid grid-cols-1 gap-4 xl:grid-cols-3">
      <Card className="xl:col-span-2" title={t('forecast.accuracyTitle', { name })} description={t('forecast.accuracyText')}>
        {accuracy.isError ? (
          <ErrorState error={accuracy.error} onRetry={() => void accuracy.refetch()} />
        ) : accuracy.isPending ? (
          <LoadingState />
        ) : (
          <div className="flex flex-col gap-4">
            <table className="w-full text-left text-sm" aria-label={t('forecast.mapeTitle')}>
              <caption className="mb-1 text-left font-semibold text-stone-900">{t('forecast.mapeTitle')}</caption>
              <thead className="bg-stone-50 text-stone-700">
                <tr>
                  <th scope="col" className="px-3 py-2 font-semibold">{t('forecast.horizon')}</th>
                  {accuracy.data.horizons.map((h) => (
                    <th key={h.horizon} scope="col" className="px-3 py-2 text-right font-semibold">{t('forecast.ahead', { count: h.horizon })}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                <tr>
                  <th scope="row" className="px-3 py-2 font-medium">{t('forecast.mape')}</th>
                  {accuracy.data.horizons.map((h) => (
                    <td key={h.horizon} className="px-3 py-2 text-right tabular-nums">
                      {h.mape === null ? '—' : `${number(h.mape, { maximumFractionDigits: 1 })} %`}
                      <span className="block text-xs text-stone-500">{t('forecast.weeksCounted', { count: h.weeks })}</span>
                    </td>
                  ))}
                </tr>
              </tbody>
            </table>
            {weeks.length === 0 ? (
              <p className="text-sm text-stone-600">{t('forecast.noHistory')}</p>
            ) : (
              <>
                <div className="h-64 w-full" data-testid="forecast-chart">
                  <ResponsiveContainer width="100%" height="100%">
                    <ComposedChart data={chart} margin={{ left: 12, right: 8 }}>
                      <CartesianGrid strokeDasharray="3 3" vertical={false} />
                      <XAxis dataKey="week" tickFormatter={weekLabel} tick={{ fontSize: 11 }} />
                      <YAxis tick={{ fontSize: 11, fill: '#57534e' }} width={56} tickFormatter={(v: number) => kg(v)}
                        label={{ value: t('forecast.axis'), angle: -90, position: 'insideLeft', offset: -4, style: { textAnchor: 'middle', fontSize: 12, fill: '#44403c' } }} />
                      <Tooltip labelFormatter={(w) => weekLabel(String(w))} formatter={(v) => kg(typeof v === 'number' ? v : null)} />
                      <Legend wrapperStyle={{ fontSize: 12 }} />
                      <Bar dataKey="actual" name={t('forecast.actual')} fill="#2f855a" />
                      <Line type="monotone" dataKey="h1" name={t('forecast.madeBefore', { count: 1 })} stroke="#b7791f" strokeWidth={2} connectNulls />
                      <Line type="monotone" dataKey="h3" name={t('forecast.madeBefore', { count: 3 })} stroke="#2b6cb0" strokeDasharray="4 4" strokeWidth={2} connectNulls />
                    </ComposedChart>
                  </ResponsiveContainer>
                </div>
                <ScrollRegion label={t('forecast.vsActual')}>
                  <table className="w-full min-w-[40rem] text-left text-sm">
                    <caption className="sr-only">{t('forecast.vsActual')}</caption>
                    <thead className="bg-stone-50 text-stone-700">
                      <tr>
                        <th scope="col" className="px-3 py-2 font-semibold">{t('forecast.week')}</th>
                        <th scope="col" className="px-3 py-2 text-right font-semibold">{t('forecast.actual')}</th>
                        {HORIZONS.map((h) => (
                          <th key={h} scope="col" className="px-3 py-2 text-right font-semibold">{t('forecast.madeBefore', { count: h })}</th>
                        ))}
                      </tr>
                    </thead>
                    <tbody className="divide-y divide-stone-100">
                      {weeks.map((w) => (
                        <tr key={w.week}>
                          <th scope="row" className="whitespace-nowrap px-3 py-2 font-medium">{weekLabel(w.week)}</th>
                          <td className="px-3 py-2 text-right font-semibold tabular-nums">{kg(w.actual)}</td>
                          {HORIZONS.map((h) => (
                            <td key={h} className="px-3 py-2 text-right tabular-nums">{kg(w.byHorizon[h])}</td>
                          ))}
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </ScrollRegion>
              </>
            )}
          </div>
        )}
      </Card>
      <div className="flex flex-col gap-4">
        <Card title={t('forecast.inputsTitle')} description={shown?.model ?? undefined}>
          {madeWeeks.length > 1 && (
            <div className="mb-3">
              <Select
                label={t('forecast.madeWeek')}
                value={madeWeek ?? ''}
                onChange={(e) => setMadeWeek(e.target.value || null)}
                options={[{ value: '', label: t('forecast.latestMade') }, ...madeWeeks.map((w) => ({ value: w, label: weekLabel(w) }))]}
              />
            </div>
          )}
          {madeWeek !== null && past.isPending ? (
            <LoadingState />
          ) : madeWeek !== null && past.isError ? (
            <ErrorState error={past.error} onRetry={() => void past.refetch()} />
          ) : !shown ? (
            <p className="text-sm text-stone-600">{t('forecast.runForInputs')}</p>
          ) : !inputs ? (
            <p className="text-sm text-stone-600">{t('forecast.inputsNotKept')}</p>
          ) : inputs.trusses_set.length === 0 && inputs.fruits_per_truss === null ? (
            <p className="text-sm text-stone-600">{t('forecast.noForecast')}</p>
          ) : (
            <div className="flex flex-col gap-3 text-sm" data-testid="forecast-inputs">
              <dl className="grid grid-cols-2 gap-x-3 gap-y-1">
                <dt className="text-stone-600">{t('forecast.stems')}</dt>
                <dd className="text-right tabular-nums">{number(inputs.stems_per_m2, { maximumFractionDigits: 2 })}</dd>
                <dt className="text-stone-600">{t('forecast.fruitsPerTruss')}</dt>
                <dd className="text-right tabular-nums">{inputs.fruits_per_truss === null ? '—' : number(inputs.fruits_per_truss, { maximumFractionDigits: 1 })}</dd>
                <dt className="text-stone-600">{t('forecast.fruitWeight')}</dt>
                <dd className="text-right tabular-nums">{inputs.fruit_weight_g === null ? '—' : `${number(inputs.fruit_weight_g, { maximumFractionDigits: 0 })} g`}</dd>
                <dt className="text-stone-600">{t('forecast.degreeDays')}</dt>
                <dd className="text-right tabular-nums">{number(inputs.degree_days_to_ripen)} °C·d</dd>
                <dt className="text-stone-600">{t('forecast.baseTemperature')}</dt>
                <dd className="text-right tabular-nums">{number(inputs.base_temperature_c)} °C</dd>
                <dt className="text-stone-600">{t('forecast.meanTemperature')}</dt>
                <dd className="text-right tabular-nums">{number(inputs.mean_temperature_c, { maximumFractionDigits: 1 })} °C</dd>
                <dt className="text-stone-600">{t('forecast.temperatureSource')}</dt>
                <dd className="text-right">{t(`forecast.source.${inputs.temperature_source}`)}</dd>
              </dl>
              {inputs.trusses_set.length > 0 && (
                <table className="w-full text-left text-xs">
                  <caption className="mb-1 text-left text-sm font-semibold text-stone-900">{t('forecast.trussesSet')}</caption>
                  <thead className="text-stone-600">
                    <tr>
                      <th scope="col" className="py-1 font-semibold">{t('forecast.week')}</th>
                      <th scope="col" className="py-1 text-right font-semibold">{t('forecast.trusses')}</th>
                      <th scope="col" className="py-1 text-right font-semibold">{t('forecast.degreeDaysSoFar')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {inputs.trusses_set.map((s) => (
                      <tr key={s.week}>
                        <th scope="row" className="py-0.5 font-normal">{weekLabel(s.week)}</th>
                        <td className="py-0.5 text-right tabular-nums">{number(s.trusses, { maximumFractionDigits: 2 })}</td>
                        <td className="py-0.5 text-right tabular-nums">{number(s.degree_days_so_far, { maximumFractionDigits: 0 })}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
              {inputs.temperature_weeks.length > 0 && (
                <table className="w-full text-left text-xs" data-testid="forecast-temperatures">
                  <caption className="mb-1 text-left text-sm font-semibold text-stone-900">{t('forecast.temperatureWeeks')}</caption>
                  <thead className="text-stone-600">
                    <tr>
                      <th scope="col" className="py-1 font-semibold">{t('forecast.week')}</th>
                      <th scope="col" className="py-1 text-right font-semibold">{t('forecast.weekMean')}</th>
                      <th scope="col" className="py-1 text-right font-semibold">°C·d</th>
                      <th scope="col" className="py-1 pl-2 font-semibold">{t('forecast.weekSourceTitle')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {inputs.temperature_weeks.map((w) => (
                      <tr key={w.week} className={cn(w.week > shown!.made_week && 'text-stone-600')}>
                        <th scope="row" className="py-0.5 font-normal">{weekLabel(w.week)}</th>
                        <td className="py-0.5 text-right tabular-nums">{number(w.mean_c, { maximumFractionDigits: 1 })} °C</td>
                        <td className="py-0.5 text-right tabular-nums">{number(w.degree_days, { maximumFractionDigits: 0 })}</td>
                        <td className="py-0.5 pl-2">{t(`forecast.weekSource.${w.source}`)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
              {inputs.recent_harvests.length > 0 && (
                <p className="text-xs text-stone-600">
                  {t('forecast.recentHarvests')}: {inputs.recent_harvests.map((h) => `${weekLabel(h.week)} ${kg(h.kg_per_m2)}`).join(' · ')}
                </p>
              )}
            </div>
          )}
        </Card>
        <HarvestForm companyId={companyId} planting={planting} week={week} />
      </div>
    </div>
  );
}

/** Records a week's harvest of the planting (kg; the server turns it into kg/m² with the planting's area). */
function HarvestForm({ companyId, planting, week }: { companyId: number; planting: CropPlanting; week: string }) {
  const { t } = useTranslation('crop-registration');
  const toast = useToast();
  const save = useSaveCropHarvest(companyId);
  const [day, setDay] = useState(addDays(week, -7));
  const [kg, setKg] = useState('');
  const [errors, setErrors] = useState<{ week?: string; kg?: string; form?: string }>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const n = Number(kg.replace(',', '.'));
    const next: typeof errors = {};
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) next.week = t('harvest.needWeek');
    if (kg.trim() === '' || !Number.isFinite(n) || n < 0) next.kg = t('harvest.needKg');
    setErrors(next);
    if (next.week || next.kg) return;
    const monday = isoWeekday(day) === 1 ? day : mondayOf(day);
    save.mutate([{ planting_id: planting.planting_id, week: monday, kg: n }], {
      onSuccess: () => {
        toast.success(t('harvest.saved', { week: isoWeekNumber(monday) }));
        setKg('');
      },
      onError: (err) => setErrors({ form: errorMessage(err) }),
    });
  };

  return (
    <Card title={t('harvest.title')} description={t('harvest.text', { area: planting.area_m2 })}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-2">
        <Input type="date" label={t('harvest.week')} value={day} onChange={(e) => setDay(e.target.value)} error={errors.week} />
        <Input label={t('harvest.kg')} inputMode="decimal" value={kg} onChange={(e) => setKg(e.target.value)} error={errors.kg} />
        {errors.form && <p className="text-sm font-medium text-red-700">{errors.form}</p>}
        <Button type="submit" loading={save.isPending}>
          {t('harvest.save')}
        </Button>
      </form>
    </Card>
  );
}
