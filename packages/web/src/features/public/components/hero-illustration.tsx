/** A phone showing a grid map with problem colours, a trend card and the offline badge. Decorative. */
const CELLS: Array<'ok' | 'warn' | 'bad' | 'info'> = [
  'ok', 'ok', 'ok', 'warn', 'ok',
  'ok', 'ok', 'ok', 'ok', 'ok',
  'ok', 'bad', 'ok', 'ok', 'ok',
  'ok', 'warn', 'ok', 'ok', 'info',
  'ok', 'ok', 'ok', 'ok', 'ok',
  'ok', 'ok', 'warn', 'ok', 'ok',
];

const CELL_CLASS = {
  ok: 'fill-brand-200',
  warn: 'fill-amber-400',
  bad: 'fill-red-500',
  info: 'fill-blue-400',
} as const;

export function HeroIllustration({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 380 400" aria-hidden="true" focusable="false" className={className}>
      <circle cx="200" cy="205" r="175" className="fill-brand-100" />
      <circle cx="200" cy="205" r="120" className="fill-brand-50" />

      <g>
        <rect x="100" y="24" width="180" height="356" rx="28" className="fill-stone-900" />
        <rect x="110" y="42" width="160" height="320" rx="18" className="fill-white" />
        <rect x="110" y="42" width="160" height="40" rx="18" className="fill-brand-700" />
        <rect x="110" y="64" width="160" height="18" className="fill-brand-700" />
        <rect x="124" y="56" width="62" height="8" rx="4" className="fill-white/80" />
        <circle cx="252" cy="60" r="6" className="fill-white/80" />
        <rect x="124" y="94" width="90" height="7" rx="3.5" className="fill-stone-300" />
        {CELLS.map((kind, i) => (
          <rect
            key={i}
            x={122 + (i % 5) * 28}
            y={112 + Math.floor(i / 5) * 28}
            width="24"
            height="24"
            rx="5"
            className={CELL_CLASS[kind]}
          />
        ))}
        <rect x="122" y="292" width="136" height="14" rx="4" className="fill-stone-100" />
        <rect x="122" y="316" width="136" height="32" rx="9" className="fill-brand-700" />
        <rect x="162" y="329" width="56" height="6" rx="3" className="fill-white" />
      </g>

      <g>
        <rect x="236" y="176" width="128" height="92" rx="14" className="fill-white stroke-stone-200" strokeWidth="1.5" />
        <rect x="250" y="190" width="56" height="7" rx="3.5" className="fill-stone-300" />
        <path d="M252 250 274 236l18 8 20-22 22 6 16-16" fill="none" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" className="stroke-brand-600" />
        <path d="M252 254h98" strokeWidth="1.5" className="stroke-stone-200" />
      </g>

      <g>
        <rect x="16" y="116" width="118" height="48" rx="24" className="fill-white stroke-stone-200" strokeWidth="1.5" />
        <circle cx="42" cy="140" r="14" className="fill-amber-100" />
        <path d="M35 137a10 10 0 0 1 14 0M38.5 141a5 5 0 0 1 7 0M33 132l18 16" fill="none" strokeWidth="2" strokeLinecap="round" className="stroke-amber-700" />
        <rect x="64" y="132" width="54" height="7" rx="3.5" className="fill-stone-300" />
        <rect x="64" y="144" width="36" height="6" rx="3" className="fill-stone-200" />
      </g>

      <g>
        <rect x="36" y="262" width="92" height="64" rx="14" className="fill-white stroke-stone-200" strokeWidth="1.5" />
        <rect x="50" y="276" width="24" height="24" rx="4" className="fill-stone-800" />
        <rect x="55" y="281" width="6" height="6" className="fill-white" />
        <rect x="63" y="289" width="6" height="6" className="fill-white" />
        <rect x="82" y="280" width="34" height="6" rx="3" className="fill-stone-300" />
        <rect x="82" y="292" width="24" height="6" rx="3" className="fill-stone-200" />
        <rect x="50" y="308" width="66" height="6" rx="3" className="fill-brand-200" />
      </g>
    </svg>
  );
}
