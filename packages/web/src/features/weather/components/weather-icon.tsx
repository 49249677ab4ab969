import type { ReactNode } from 'react';
import type { Condition } from '../lib/weather-codes';

/**
 * A drawn picture of the condition (not an emoji: a phone or desktop without a colour emoji font would
 * show empty boxes). Decorative: the condition's words are always beside it or in the screen-reader text.
 */
const SUN = <><circle cx="12" cy="12" r="4" /><path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" /></>;
const CLOUD = <path d="M7 18h10a4 4 0 0 0 .6-8 6 6 0 0 0-11.4 1.6A3.2 3.2 0 0 0 7 18Z" />;
const SMALL_CLOUD = <path d="M7 16h9a3.5 3.5 0 0 0 .5-7 5 5 0 0 0-9.6 1.4A2.8 2.8 0 0 0 7 16Z" />;
const DRAWN: Record<Condition, ReactNode> = {
  clear: <g className="text-amber-500">{SUN}</g>,
  partlyCloudy: (
    <>
      <g className="text-amber-500"><circle cx="8" cy="8" r="3" /><path d="M8 2v1.5M2 8h1.5M3.8 3.8l1 1M12.2 3.8l-1 1" /></g>
      <path className="text-stone-500" d="M9 20h9a3.5 3.5 0 0 0 .5-7 5 5 0 0 0-9.6 1.4A2.8 2.8 0 0 0 9 20Z" />
    </>
  ),
  overcast: <g className="text-stone-500">{CLOUD}</g>,
  fog: <g className="text-stone-500"><path d="M4 9h16M3 13h18M5 17h14" /></g>,
  drizzle: <><g className="text-stone-500">{SMALL_CLOUD}</g><path className="text-blue-600" d="M9 19v1M13 19v1M17 19v1" /></>,
  rain: <><g className="text-stone-500">{SMALL_CLOUD}</g><path className="text-blue-600" d="M9 18l-1 3M13 18l-1 3M17 18l-1 3" /></>,
  showers: <><g className="text-stone-500">{SMALL_CLOUD}</g><path className="text-blue-600" d="M8 18l-1 3M12 18l-1 3" /><circle className="text-amber-500" cx="18.5" cy="19.5" r="1.5" /></>,
  snow: <><g className="text-stone-500">{SMALL_CLOUD}</g><path className="text-sky-500" d="M9 19h.01M13 20h.01M17 19h.01M11 22h.01M15 22h.01" /></>,
  snowShowers: <><g className="text-stone-500">{SMALL_CLOUD}</g><path className="text-sky-500" d="M9 19h.01M13 20h.01M17 19h.01" /></>,
  thunderstorm: <><g className="text-stone-600">{SMALL_CLOUD}</g><path className="text-amber-500" d="M13 16l-2 4h3l-2 3" /></>,
  unknown: <g className="text-stone-400"><path d="M4 12h16" /></g>,
};

export function WeatherIcon({ condition, className }: { condition: Condition; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" data-condition={condition}>
      {DRAWN[condition]}
    </svg>
  );
}
