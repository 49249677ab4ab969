import { useTranslation } from 'react-i18next';
import type { TodaysWeatherData } from '@verdant/contract';
import { useFormatNumber } from '../../../lib/format-number';
import { conditionOf } from '../lib/weather-codes';
import { WeatherIcon } from './weather-icon';

/** Today at the place: the conditions now, large, and the day's range, rain and wind. */
export function WeatherToday({ today }: { today: TodaysWeatherData }) {
  const { t } = useTranslation('weather');
  const num = useFormatNumber();
  const whole = (v: number) => num(v, { maximumFractionDigits: 0 });
  const { now, day } = today;
  const condition = conditionOf(now?.weather_code ?? day?.weather_code ?? null);
  const temperature = now?.temperature ?? day?.temperature_max ?? null;
  const facts: [string, string][] = [];
  if (day?.temperature_max != null && day.temperature_min != null) {
    facts.push([t('today.range'), t('today.rangeValue', { max: whole(day.temperature_max), min: whole(day.temperature_min) })]);
  }
  if (day?.precipitation_probability_max != null || day?.precipitation_sum != null) {
    facts.push([
      t('today.rain'),
      t('today.rainValue', { chance: whole(day?.precipitation_probability_max ?? 0), amount: num(day?.precipitation_sum ?? 0, { maximumFractionDigits: 1 }) }),
    ]);
  }
  const wind = now?.wind_speed ?? day?.wind_speed_max ?? null;
  if (wind != null) facts.push([t('today.wind'), t('today.windValue', { speed: whole(wind) })]);
  if (now?.relative_humidity != null) facts.push([t('today.humidity'), t('today.humidityValue', { value: whole(now.relative_humidity) })]);

  return (
    <div className="flex flex-wrap items-center gap-x-6 gap-y-3" data-testid="weather-today">
      <div className="flex items-center gap-3">
        <WeatherIcon condition={condition} className="size-12 shrink-0" />
        <div>
          <p className="text-3xl font-semibold text-stone-900">{temperature == null ? '–' : t('degrees', { value: whole(temperature) })}</p>
          <p className="text-sm text-stone-700">{t(`condition.${condition}`)}</p>
        </div>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-stone-600">{label}</dt>
            <dd className="font-medium text-stone-900">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
