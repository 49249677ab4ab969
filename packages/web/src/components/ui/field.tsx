import { createContext, useContext, useId, type ReactNode } from 'react';
import { cn } from '../../lib/cn';

interface FieldContextValue {
  id: string;
  describedBy?: string;
  invalid: boolean;
  required: boolean;
}

const FieldContext = createContext<FieldContextValue | null>(null);

/** Inside a Field, controls pick up the id, aria-describedby and aria-invalid from here. */
export function useFieldControl() {
  return useContext(FieldContext);
}

export interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  /** Visually hide the label (it stays for screen readers). */
  hideLabel?: boolean;
  id?: string;
  className?: string;
  children: ReactNode;
}

/** Label + control + hint + error, wired for assistive technology. */
export function Field({ label, hint, error, required = false, hideLabel, id, className, children }: FieldProps) {
  const autoId = useId();
  const controlId = id ?? `f${autoId}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <FieldContext.Provider value={{ id: controlId, describedBy, invalid: Boolean(error), required }}>
      <div className={cn('flex flex-col gap-1.5', className)}>
        <label htmlFor={controlId} className={cn('text-sm font-medium text-stone-800', hideLabel && 'sr-only')}>
          {label}
          {required && (
            <span aria-hidden="true" className="ml-0.5 text-red-700">
              *
            </span>
          )}
        </label>
        {children}
        {hint && (
          <p id={hintId} className="text-sm text-stone-600">
            {hint}
          </p>
        )}
        {error && (
          <p id={errorId} className="text-sm font-medium text-red-700">
            {error}
          </p>
        )}
      </div>
    </FieldContext.Provider>
  );
}

export const controlClasses = cn(
  'block w-full min-h-11 rounded-lg border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 shadow-xs sm:text-sm',
  'placeholder:text-stone-500',
  'focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600/40',
  'disabled:cursor-not-allowed disabled:bg-stone-100 disabled:text-stone-600',
  'aria-invalid:border-red-600 aria-invalid:focus:outline-red-600/40',
);
