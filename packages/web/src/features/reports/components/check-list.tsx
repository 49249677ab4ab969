import { useId, type ReactNode } from 'react';
import { cn } from '../../../lib/cn';

export interface CheckOption<V extends string | number> {
  value: V;
  label: string;
}

/** A labelled group of checkboxes in a box that scrolls past eight rows; touch targets 44 px high. */
export function CheckList<V extends string | number>({
  legend,
  hint,
  error,
  empty,
  options,
  value,
  onChange,
}: {
  legend: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  empty: ReactNode;
  options: ReadonlyArray<CheckOption<V>>;
  value: readonly V[];
  onChange: (next: V[]) => void;
}) {
  const id = useId();
  const toggle = (v: V, on: boolean) => onChange(on ? [...value, v] : value.filter((x) => x !== v));
  return (
    <fieldset className="flex min-w-0 flex-col gap-1.5" aria-describedby={[hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined}>
      <legend className="mb-1.5 text-sm font-medium text-stone-800">{legend}</legend>
      {options.length === 0 ? (
        <p className="text-sm text-stone-600">{empty}</p>
      ) : (
        <div className={cn('max-h-80 overflow-y-auto rounded-lg border bg-white px-1', error ? 'border-red-600' : 'border-stone-300')}>
          {options.map((o) => (
            <label key={o.value} className="flex min-h-11 cursor-pointer items-center gap-3 rounded px-2 text-sm text-stone-800 hover:bg-stone-50">
              <input
                type="checkbox"
                className="size-5 shrink-0 accent-brand-700"
                checked={value.includes(o.value)}
                onChange={(e) => toggle(o.value, e.target.checked)}
              />
              <span className="min-w-0 break-words">{o.label}</span>
            </label>
          ))}
        </div>
      )}
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-stone-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
