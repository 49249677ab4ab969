import { addDays, dayNumber, FORECAST_HORIZONS, fromDayNumber, mondayOf, RIPENING_DEGREE_DAYS, type HarvestForecast } from '@verdant/contract';
import { weeklyChange, type WeekSums } from './crop-registration.indicators.js';

/** Weeks back whose set trusses may still ripen after the made week (950 °Cd at 15 °C is 9 weeks). */
export const FORECAST_LOOKBACK_WEEKS = 20;
/** Recorded harvests of the made week and the two before calibrate the forecast. */
const CALIBRATION_WEEKS = 3;
const CALIBRATION_LIMITS = [0.7, 1.3] as const;

export const FORECAST_MODEL_TEXT =
  'Each week\'s set trusses (setting speed × stems per m²) are spread over the 7 days up to the week\'s walk (taken as its Wednesday); a truss ripens on the day its ' +
  'degree-day sum since setting, Σ max(0, daily mean − base), reaches the crop\'s constant (tomato 950 °Cd over 0 °C). ' +
  'Each day\'s mean temperature is the typed one, else the weather service\'s daily mean at the company\'s location (past days and its forecast ahead), ' +
  'else the mean of the last 7 known days (the crop\'s default without any). kg/m² of a week = trusses ripening in it × fruits per truss × fruit weight × ' +
  'calibration, where calibration = recorded harvest ÷ the same model\'s harvest over the last 3 weeks (0.7–1.3; 1 without harvests).';

export type ForecastData = {
  madeWeek: string;
  eppo: string;
  stemsPerM2: number;
  /** Week sums of the planting from FORECAST_LOOKBACK_WEEKS + 1 weeks before the made week up to it. */
  sums: WeekSums;
  /** Recorded harvests, kg/m² by week. */
  harvests: Map<string, number>;
  /** Typed daily mean temperatures by day. */
  temps: Map<string, number>;
  /** The weather service's daily means at the company's location by day (past and forecast), used where none was typed. */
  weatherTemps?: Map<string, number>;
};

type Source = 'typed' | 'weather' | 'default';

type Result = Pick<HarvestForecast, 'weeks' | 'inputs' | 'model'>;

function weightedMean(sums: WeekSums, weeks: string[], measure: 'fruits_per_truss' | 'fruit_weight'): number | null {
  let n = 0;
  let sum = 0;
  for (const w of weeks) {
    const s = sums.get(w)?.get(measure);
    if (s) { n += s.n; sum += s.sumValue; }
  }
  return n > 0 ? sum / n : null;
}

const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

/**
 * Day texts and their weeks' Mondays by day number, kept across calls: a run's plantings read the same few hundred
 * days, which were formatted (through Date) again for each planting. Bounded; cleared when full.
 */
const dayTexts = new Map<number, string>();
const mondays = new Map<number, string>();
const remembered = (cache: Map<number, string>, n: number, make: (n: number) => string) => {
  let text = cache.get(n);
  if (text === undefined) {
    if (cache.size >= 10_000) cache.clear();
    cache.set(n, (text = make(n)));
  }
  return text;
};
const dayText = (n: number) => remembered(dayTexts, n, fromDayNumber);
const mondayOfDay = (n: number) => remembered(mondays, n, (d) => mondayOf(fromDayNumber(d)));

/** Where the past days' temperatures came from, in one word (the older values keep their meaning). */
function overallSource(sources: ReadonlySet<Source>): Result['inputs']['temperature_source'] {
  if (sources.size === 1) return [...sources][0]!;
  if (sources.size === 2 && sources.has('typed') && sources.has('default')) return 'typed_and_default';
  return 'mixed';
}

/** The harvest forecast of one planting (docs/decisions.md, "Harvest forecast"): a pure function of its data. */
export function forecastHarvest(data: ForecastData): Result {
  const crop = RIPENING_DEGREE_DAYS[data.eppo] ?? RIPENING_DEGREE_DAYS.LYPES!;
  const madeEnd = addDays(data.madeWeek, 6);
  const firstWeek = addDays(data.madeWeek, -7 * FORECAST_LOOKBACK_WEEKS);

  const weather = data.weatherTemps ?? new Map<string, number>();
  const known = (d: string) => data.temps.get(d) ?? weather.get(d);
  let recentSum = 0;
  let recentN = 0;
  for (let d = addDays(madeEnd, -6); d <= madeEnd; d = addDays(d, 1)) {
    const t = known(d);
    if (t !== undefined) { recentSum += t; recentN += 1; }
  }
  const meanAhead = recentN > 0 ? recentSum / recentN : crop.default_mean_c;
  // Degree days per day from the first week back to the end of the horizon (day numbers, no dates in the loop), and
  // where each day's temperature came from.
  const day0 = dayNumber(firstWeek) - 7;
  const madeEndN = dayNumber(madeEnd);
  const endN = dayNumber(addDays(data.madeWeek, 7 * (FORECAST_HORIZONS + 1)));
  const dayDegrees = new Float64Array(endN - day0 + 1);
  const dayMean = new Float64Array(endN - day0 + 1);
  const daySource: Source[] = [];
  for (let i = 0; i < dayDegrees.length; i++) {
    const d = dayText(day0 + i);
    const typed = data.temps.get(d);
    const fromWeather = typed === undefined ? weather.get(d) : undefined;
    daySource.push(typed !== undefined ? 'typed' : fromWeather !== undefined ? 'weather' : 'default');
    dayMean[i] = typed ?? fromWeather ?? meanAhead;
    dayDegrees[i] = Math.max(0, dayMean[i]! - crop.base_c);
  }
  const pastSources = new Set(daySource.slice(dayNumber(firstWeek) - day0, madeEndN - day0 + 1));

  const weeksBack: string[] = [];
  for (let w = firstWeek; w <= data.madeWeek; w = addDays(w, 7)) weeksBack.push(w);
  const fruitsPerTruss = weightedMean(data.sums, weeksBack.slice(-8), 'fruits_per_truss');
  const fruitWeight = weightedMean(data.sums, weeksBack.slice(-4), 'fruit_weight');

  // Trusses per m² ripening by week, and the degree days each week's trusses had by the end of the made week.
  const ripening = new Map<string, number>();
  const trussesSet: Result['inputs']['trusses_set'] = [];
  for (const w of weeksBack) {
    const perStem = weeklyChange(data.sums, w, addDays(w, -7), 'set_truss');
    if (perStem === null || perStem <= 0) continue;
    const part = (perStem * data.stemsPerM2) / 7;
    let stillRipening = false;
    let ddAtMadeEnd = 0;
    // A week's walk is taken as made on its Wednesday: the trusses set since last week's walk were set on the 7 days up to it.
    const w0 = dayNumber(w) - 4;
    for (let i = 0; i < 7; i++) {
      let dd = 0;
      let day = w0 + i;
      while (dd < crop.degree_days && day < endN) {
        day += 1;
        dd += dayDegrees[day - day0]!;
        if (day === madeEndN) ddAtMadeEnd += dd / 7;
      }
      if (dd >= crop.degree_days) {
        const week = mondayOfDay(day);
        ripening.set(week, (ripening.get(week) ?? 0) + part);
        if (week > data.madeWeek) stillRipening = true;
      } else stillRipening = true;
    }
    if (stillRipening) trussesSet.push({ week: w, trusses: round(perStem, 3), degree_days_so_far: Math.round(ddAtMadeEnd) });
  }

  // Each week's temperatures and where they came from, from the oldest week still ripening to the last forecast week.
  const temperatureWeeks: Result['inputs']['temperature_weeks'] = [];
  const fromWeek = trussesSet[0]?.week ?? data.madeWeek;
  for (let w = fromWeek; w <= addDays(data.madeWeek, 7 * FORECAST_HORIZONS); w = addDays(w, 7)) {
    const i0 = dayNumber(w) - day0;
    const sources = new Set(daySource.slice(i0, i0 + 7));
    let sum = 0;
    for (let i = i0; i < i0 + 7; i++) sum += dayMean[i]!;
    temperatureWeeks.push({
      week: w,
      mean_c: round(sum / 7, 1),
      degree_days: Math.round([...dayDegrees.slice(i0, i0 + 7)].reduce((a, b) => a + b, 0)),
      source: sources.size === 1 ? [...sources][0]! : 'mixed',
    });
  }

  // Calibration on the recorded harvests of the last weeks.
  let actual = 0;
  let modelled = 0;
  let modelledTrusses = 0;
  const recent: Result['inputs']['recent_harvests'] = [];
  for (let k = CALIBRATION_WEEKS - 1; k >= 0; k--) {
    const w = addDays(data.madeWeek, -7 * k);
    const kg = data.harvests.get(w);
    if (kg === undefined) continue;
    recent.push({ week: w, kg_per_m2: kg });
    actual += kg;
    modelledTrusses += ripening.get(w) ?? 0;
  }
  // kg per ripe truss per m²: fruits × weight when registered, else what the recorded harvests imply.
  let kgPerTruss = fruitsPerTruss !== null && fruitWeight !== null ? (fruitsPerTruss * fruitWeight) / 1000 : null;
  let calibration = 1;
  if (kgPerTruss === null && modelledTrusses > 0 && actual > 0) kgPerTruss = actual / modelledTrusses;
  else if (kgPerTruss !== null) {
    modelled = modelledTrusses * kgPerTruss;
    if (modelled > 0 && actual > 0) calibration = Math.min(CALIBRATION_LIMITS[1], Math.max(CALIBRATION_LIMITS[0], actual / modelled));
  }

  const weeks: Result['weeks'] = [];
  for (let h = 1; h <= FORECAST_HORIZONS; h++) {
    const week = addDays(data.madeWeek, 7 * h);
    const trusses = ripening.get(week) ?? 0;
    weeks.push({ horizon: h, week, kg_per_m2: round(trusses * (kgPerTruss ?? 0) * calibration, 3), trusses: round(trusses, 3) });
  }
  return {
    weeks,
    inputs: {
      stems_per_m2: data.stemsPerM2,
      fruits_per_truss: fruitsPerTruss === null ? null : round(fruitsPerTruss, 2),
      fruit_weight_g: fruitWeight === null ? null : round(fruitWeight, 1),
      degree_days_to_ripen: crop.degree_days,
      base_temperature_c: crop.base_c,
      mean_temperature_c: round(meanAhead, 1),
      temperature_source: overallSource(pastSources),
      temperature_weeks: temperatureWeeks,
      trusses_set: trussesSet,
      recent_harvests: recent,
      calibration: round(calibration, 3),
    },
    model: FORECAST_MODEL_TEXT,
  };
}
