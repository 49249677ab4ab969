import type { ReactNode, Ref, SelectHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';
import { controlClasses, Field, useFieldControl } from './field';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label?: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  /** Either pass options or <option> children. */
  options?: readonly SelectOption[];
  placeholder?: string;
  ref?: Ref<HTMLSelectElement>;
}

function Control({ className, id, required, options, placeholder, children, ...rest }: Omit<SelectProps, 'label' | 'hint' | 'error'>) {
  const field = useFieldControl();
  return (
    <div className="relative">
      <select
        id={id ?? field?.id}
        required={required ?? field?.required}
        aria-describedby={field?.describedBy}
        aria-invalid={field?.invalid || undefined}
        className={cn(controlClasses, 'appearance-none pr-10', className)}
        {...rest}
      >
        {placeholder !== undefined && (
          <option value="" disabled>
            {placeholder}
          </option>
        )}
        {options?.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
        {children}
      </select>
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        className="pointer-events-none absolute right-3 top-1/2 size-5 -translate-y-1/2 text-stone-500"
      >
        <path fill="currentColor" d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
      </svg>
    </div>
  );
}

export function Select({ label, hint, error, ...rest }: SelectProps) {
  if (label === undefined) return <Control {...rest} />;
  return (
    <Field label={label} hint={hint} error={error} required={rest.required} id={rest.id}>
      <Control {...rest} />
    </Field>
  );
}
