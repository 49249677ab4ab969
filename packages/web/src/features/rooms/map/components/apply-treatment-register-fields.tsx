import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { deviceToday, DOSE_UNITS, PRODUCT_UNITS, RELEASE_METHODS, type SprayProduct } from '@verdant/contract';
import { userDataQuery } from '../../../../api/queries/users';
import { todaysWeatherQuery } from '../../../../api/queries/weather';
import { useAuth } from '../../../../state/hooks';
import { Button, Input, Select } from '../../../../components/ui';
import type { ApplicationRegisterInput } from '../../../../api/treatments';
import { targetKey, type BoxTarget } from '../api/use-box-targets';
import { crossingKey } from '../api/use-box-crossings';
import { ReleasesFieldset, type ReleaseDraft } from './apply-treatment-releases';

/** What the register part of the apply form holds while typed: text as typed, checked on save. */
export interface RegisterDraft {
  endedAt: string;
  equipment: string;
  cropEppo: string;
  bbch: string;
  areaM2: string;
  waterVolumeL: string;
  dose: string;
  doseUnit: string;
  quantityUnit: string;
  temperature: string;
  humidity: string;
  wind: string;
  /** 'weather_service' once filled from the weather service and not changed by hand since. */
  weatherSource: 'typed' | 'weather_service';
  mix: Array<{ productId: string; quantity: string }>;
  /** Beneficials released: species, number per m² as typed, method (one of RELEASE_METHODS). */
  releases: ReleaseDraft[];
  /**
   * The chosen targets: problems by their key in the boxes' open problems (BoxTarget.problem, lower case), and
   * threshold crossings by `crossing:<id>` (use-box-crossings.ts).
   */
  targets: string[];
}


export const emptyRegisterDraft = (): RegisterDraft => ({
  endedAt: '', equipment: '', cropEppo: '', bbch: '', areaM2: '', waterVolumeL: '', dose: '', doseUnit: '', quantityUnit: '',
  temperature: '', humidity: '', wind: '', weatherSource: 'typed', mix: [], releases: [], targets: [],
});

const num = (s: string) => (s.trim() === '' ? undefined : Number(s.replace(',', '.')));

/**
 * The draft's refusals (locale keys by field) and, when there are none, the register fields to send. The rules
 * are the contract's (BBCH 0–99, EPPO code form, end after start, positive numbers); the label's own limits are
 * the server's, whose refusal is shown with its reason.
 */
export function checkRegisterDraft(
  d: RegisterDraft, startedAt: Date | null, products: readonly SprayProduct[], targets: readonly BoxTarget[] = [],
  crossings: ReadonlyArray<{ crossing_id: number }> = [],
) {
  const errors: Partial<Record<keyof RegisterDraft | `mix.${number}` | `release.${number}.${keyof ReleaseDraft}`, string>> = {};
  const positive = (k: 'areaM2' | 'dose', v: number | undefined) => {
    if (v !== undefined && !(Number.isFinite(v) && v > 0)) errors[k] = 'treat.register.positive';
  };
  const bbch = num(d.bbch);
  if (bbch !== undefined && !(Number.isInteger(bbch) && bbch >= 0 && bbch <= 99)) errors.bbch = 'treat.register.bbchInvalid';
  if (d.cropEppo.trim() !== '' && !/^[A-Z0-9]{5,6}$/.test(d.cropEppo.trim().toUpperCase())) errors.cropEppo = 'treat.register.eppoInvalid';
  const ended = d.endedAt ? new Date(d.endedAt) : null;
  if (ended && (Number.isNaN(ended.getTime()) || (startedAt && ended < startedAt))) errors.endedAt = 'treat.register.endBeforeStart';
  positive('areaM2', num(d.areaM2));
  positive('dose', num(d.dose));
  if (num(d.dose) !== undefined && !d.doseUnit) errors.doseUnit = 'treat.register.doseUnitRequired';
  const water = num(d.waterVolumeL);
  if (water !== undefined && !(Number.isFinite(water) && water >= 0)) errors.waterVolumeL = 'treat.register.zeroOrMore';
  const humidity = num(d.humidity);
  if (humidity !== undefined && !(humidity >= 0 && humidity <= 100)) errors.humidity = 'treat.register.humidityInvalid';
  const mix = d.mix.map((m, i) => {
    const product = products.find((p) => String(p.product_id) === m.productId);
    const quantity = num(m.quantity);
    if (!product || quantity === undefined || !(quantity > 0)) errors[`mix.${i}`] = 'treat.register.mixInvalid';
    return { productName: product?.name ?? '', quantity: quantity ?? 0 };
  });
  const releases = d.releases.map((r, i) => {
    const quantity = num(r.quantity);
    if (r.species.trim() === '') errors[`release.${i}.species`] = 'treat.release.speciesRequired';
    if (quantity === undefined || !(Number.isFinite(quantity) && quantity > 0)) errors[`release.${i}.quantity`] = 'treat.release.quantityInvalid';
    if (!(RELEASE_METHODS as readonly string[]).includes(r.method)) errors[`release.${i}.method`] = 'treat.release.methodRequired';
    return { species: r.species.trim(), quantityPerM2: quantity ?? 0, method: r.method };
  });
  const chosen = targets.filter((t) => d.targets.includes(targetKey(t)));
  const register: ApplicationRegisterInput = {
    endedAt: ended && !errors.endedAt ? ended.toISOString() : undefined,
    equipment: d.equipment.trim() || undefined,
    cropEppo: d.cropEppo.trim().toUpperCase() || undefined,
    bbch,
    areaM2: num(d.areaM2),
    waterVolumeL: water,
    dose: num(d.dose),
    doseUnit: d.doseUnit || undefined,
    quantityUnit: d.quantityUnit || undefined,
    tankMix: mix,
    weather: { temperature_c: num(d.temperature), humidity_pct: humidity, wind_speed_ms: num(d.wind), source: d.weatherSource },
    releases,
    targetProblemIds: [...new Set(chosen.flatMap((t) => (t.plantProblemId === null ? [] : [t.plantProblemId])))],
    observationIds: chosen.flatMap((t) => t.observationIds),
    crossingIds: crossings.filter((c) => d.targets.includes(crossingKey(c))).map((c) => c.crossing_id),
  };
  return { errors, register };
}

export interface RegisterFieldsProps {
  draft: RegisterDraft;
  onChange: (next: RegisterDraft) => void;
  products: readonly SprayProduct[];
  errors: ReturnType<typeof checkRegisterDraft>['errors'];
  showErrors: boolean;
}

/** The register's fields of an application, folded away: the spec's four fields alone still record one. */
export function ApplyTreatmentRegisterFields({ draft, onChange, products, errors, showErrors }: RegisterFieldsProps) {
  const { t } = useTranslation('rooms');
  const set = (k: keyof Omit<RegisterDraft, 'mix' | 'weatherSource'>) => (e: { target: { value: string } }) =>
    onChange({ ...draft, [k]: e.target.value, ...(['temperature', 'humidity', 'wind'].includes(k) ? { weatherSource: 'typed' as const } : {}) });
  const now = useWeatherNow();
  const fillWeather = () =>
    now &&
    onChange({
      ...draft,
      temperature: now.temperature === null ? '' : String(now.temperature),
      humidity: now.relative_humidity === null ? '' : String(now.relative_humidity),
      // The weather service answers km/h (Open-Meteo's default); the register keeps m/s.
      wind: now.wind_speed === null ? '' : String(Math.round((now.wind_speed / 3.6) * 10) / 10),
      weatherSource: 'weather_service',
    });
  const err = (k: keyof typeof errors) => (showErrors && errors[k] ? t(errors[k]) : undefined);
  const options = products.map((p) => ({ value: String(p.product_id), label: p.name }));
  // Opened by the user, or forced open while it holds a refusal; correcting the last one does not fold it away.
  const [open, setOpen] = useState(false);
  const mustOpen = showErrors && Object.keys(errors).length > 0;
  return (
    <details className="rounded border border-stone-300 p-3" open={open || mustOpen} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer text-sm font-medium">{t('treat.register.summary')}</summary>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        <Input label={t('treat.register.endedAt')} type="datetime-local" value={draft.endedAt} onChange={set('endedAt')} error={err('endedAt')} />
        <Input label={t('treat.register.equipment')} value={draft.equipment} onChange={set('equipment')} />
        <Input label={t('treat.register.cropEppo')} hint={t('treat.register.cropEppoHint')} value={draft.cropEppo} onChange={set('cropEppo')} error={err('cropEppo')} />
        <Input label={t('treat.register.bbch')} inputMode="numeric" value={draft.bbch} onChange={set('bbch')} error={err('bbch')} />
        <Select label={t('treat.register.quantityUnit')} value={draft.quantityUnit} onChange={set('quantityUnit')} placeholder={t('treat.register.productUnit')} options={PRODUCT_UNITS.map((u) => ({ value: u, label: u }))} />
        <Input label={t('treat.register.waterVolumeL')} inputMode="decimal" value={draft.waterVolumeL} onChange={set('waterVolumeL')} error={err('waterVolumeL')} />
        <Input label={t('treat.register.dose')} inputMode="decimal" value={draft.dose} onChange={set('dose')} error={err('dose')} />
        <Select label={t('treat.register.doseUnit')} value={draft.doseUnit} onChange={set('doseUnit')} placeholder={t('treat.register.pickUnit')} options={DOSE_UNITS.map((u) => ({ value: u, label: u }))} error={err('doseUnit')} />
        <Input label={t('treat.register.areaM2')} hint={t('treat.register.areaHint')} inputMode="decimal" value={draft.areaM2} onChange={set('areaM2')} error={err('areaM2')} />
        <Input label={t('treat.register.temperature')} inputMode="decimal" value={draft.temperature} onChange={set('temperature')} />
        <Input label={t('treat.register.humidity')} inputMode="decimal" value={draft.humidity} onChange={set('humidity')} error={err('humidity')} />
        <Input label={t('treat.register.wind')} inputMode="decimal" value={draft.wind} onChange={set('wind')} />
      </div>
      {now && (
        <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-stone-700">
          <Button variant="secondary" size="sm" onClick={fillWeather}>{t('treat.register.fillWeather', { place: now.place })}</Button>
          {draft.weatherSource === 'weather_service' && <span data-testid="weather-from-service">{t('treat.register.weatherFromService')}</span>}
        </div>
      )}
      <fieldset className="mt-3 flex flex-col gap-2">
        <legend className="text-sm font-medium">{t('treat.register.mix')}</legend>
        {draft.mix.map((m, i) => (
          <div key={i} className="grid gap-2 rounded border border-stone-200 p-2 sm:grid-cols-[1fr_8rem_auto] sm:items-end sm:border-0 sm:p-0" data-testid="tank-mix-line">
            <Select
              label={t('treat.register.mixProduct', { n: i + 2 })}
              value={m.productId}
              placeholder={t('treat.pickProduct')}
              options={options}
              onChange={(e) => onChange({ ...draft, mix: draft.mix.map((x, j) => (j === i ? { ...x, productId: e.target.value } : x)) })}
              error={err(`mix.${i}`)}
            />
            <Input
              label={t('treat.quantity')}
              inputMode="decimal"
              value={m.quantity}
              onChange={(e) => onChange({ ...draft, mix: draft.mix.map((x, j) => (j === i ? { ...x, quantity: e.target.value } : x)) })}
            />
            <Button variant="secondary" onClick={() => onChange({ ...draft, mix: draft.mix.filter((_, j) => j !== i) })}>
              {t('treat.register.removeMix')}
            </Button>
          </div>
        ))}
        <div>
          <Button variant="secondary" onClick={() => onChange({ ...draft, mix: [...draft.mix, { productId: '', quantity: '' }] })}>
            {t('treat.register.addMix')}
          </Button>
        </div>
      </fieldset>
      <ReleasesFieldset releases={draft.releases} onChange={(releases) => onChange({ ...draft, releases })} error={(i, k) => err(`release.${i}.${k}`)} />
    </details>
  );
}

/**
 * The conditions now at the user's own location (Profile → Location) from the weather service, when it is set up
 * and answers; null otherwise, and the weather is typed.
 */
function useWeatherNow() {
  const { companyID, userId } = useAuth();
  const companyId = companyID ?? 0;
  const user = useQuery({ ...userDataQuery(userId ?? 0, companyId), enabled: Boolean(companyID && userId) });
  const location = user.data?.location?.trim() ?? '';
  const today = useQuery({ ...todaysWeatherQuery(companyId, location, deviceToday()), enabled: companyId > 0 && location !== '' });
  const data = today.data?.data;
  return data?.now ? { ...data.now, place: data.place.name } : null;
}
