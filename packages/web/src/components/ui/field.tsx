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
          {required && <RequiredMark />}
        </label>
        {children}
        <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
      </div>
    </FieldContext.Provider>
  );
}

/** The visual "required" asterisk after a label; hidden from assistive technology, which gets `required` instead. */
export function RequiredMark() {
  return (
    <span aria-hidden="true" className="ml-0.5 text-red-700">
      *
    </span>
  );
}

/** A field's hint and error paragraphs, with the ids its control's aria-describedby points at. */
export function FieldMessages({ hint, hintId, error, errorId }: { hint?: ReactNode; hintId?: string; error?: ReactNode; errorId?: string }) {
  return (
    <>
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
    </>
  );
}

export const controlClasses = cn(
  'block w-full min-h-11 rounded-lg border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 shadow-xs sm:text-sm',
  'placeholder:text-stone-500',
  'focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600/40',
  'disabled:cursor-not-allowed disabled:bg-stone-100 disabled:text-stone-600',
  'aria-invalid:border-red-600 aria-invalid:focus:outline-red-600/40',
);
