import { useTranslation } from 'react-i18next';
import type { WeatherDay } from '@verdant/contract';
import { useFormatNumber } from '../../../lib/format-number';
import { cn } from '../../../lib/cn';
import { conditionOf } from '../lib/weather-codes';
import { WeatherIcon } from './weather-icon';

/** The days ahead, one narrow column each, so a week fits a 360 px phone without scrolling sideways. */
export function WeatherWeek({ days, today }: { days: WeatherDay[]; today: string }) {
  const { t, i18n } = useTranslation('weather');
  const num = useFormatNumber();
  const whole = (v: number | null) => (v == null ? '–' : t('degrees', { value: num(v, { maximumFractionDigits: 0 }) }));
  const weekday = (date: string, style: 'short' | 'long') => new Date(`${date}T00:00:00Z`).toLocaleDateString(i18n.language, { weekday: style, timeZone: 'UTC' });

  if (days.length === 0) return <p className="text-sm text-stone-600">{t('week.none')}</p>;
  return (
    <ol className="grid grid-cols-7 gap-1 text-center" aria-label={t('week.title')} data-testid="weather-week">
      {days.map((day) => {
        const condition = conditionOf(day.weather_code);
        const rain = day.precipitation_probability_max;
        return (
          <li
            key={day.date}
            className={cn('flex min-w-0 flex-col items-center gap-0.5 rounded-lg px-0.5 py-2', day.date === today ? 'bg-brand-50 ring-1 ring-brand-300' : 'bg-stone-50')}
          >
            <span className="w-full truncate text-xs font-semibold text-stone-700" aria-hidden="true">
              {weekday(day.date, 'short')}
            </span>
            <span className="sr-only">
              {t('week.daySummary', {
                day: day.date === today ? t('week.today') : weekday(day.date, 'long'),
                condition: t(`condition.${condition}`),
                max: whole(day.temperature_max),
                min: whole(day.temperature_min),
                chance: rain == null ? '–' : num(rain, { maximumFractionDigits: 0 }),
              })}
            </span>
            <WeatherIcon condition={condition} className="size-7" />
            <span aria-hidden="true" className="text-sm font-semibold text-stone-900">
              {whole(day.temperature_max)}
            </span>
            <span aria-hidden="true" className="text-xs text-stone-600">
              {whole(day.temperature_min)}
            </span>
            <span aria-hidden="true" className="text-[0.7rem] text-blue-800">
              {rain == null ? '' : `${num(rain, { maximumFractionDigits: 0 })}%`}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
