import { cn } from '../../../lib/cn';

export interface SegmentedProps<T extends string> {
  label: string;
  value: T;
  options: ReadonlyArray<{ value: T; label: string }>;
  onChange: (value: T) => void;
  className?: string;
}

/** A row of toggle buttons choosing one of a few views (large enough for a thumb on a phone). */
export function Segmented<T extends string>({ label, value, options, onChange, className }: SegmentedProps<T>) {
  return (
    <div role="group" aria-label={label} className={cn('flex w-full gap-1 rounded-lg bg-stone-100 p-1 sm:w-auto', className)}>
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          aria-pressed={o.value === value}
          onClick={() => onChange(o.value)}
          className="min-h-11 flex-1 rounded-md px-3 text-sm font-medium text-stone-700 hover:bg-white focus-visible:outline-2 focus-visible:outline-brand-600 aria-pressed:bg-white aria-pressed:text-stone-900 aria-pressed:shadow-sm sm:flex-none"
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}
