import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { cn } from '../../lib/cn';
import { controlClasses, Field, useFieldControl } from './field';

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  /** With a label the input wraps itself in a Field; without one it must sit inside a Field. */
  label?: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

function Control({ className, id, required, ...rest }: Omit<InputProps, 'label' | 'hint' | 'error'>) {
  const field = useFieldControl();
  return (
    <input
      id={id ?? field?.id}
      required={required ?? field?.required}
      aria-describedby={field?.describedBy}
      aria-invalid={field?.invalid || undefined}
      className={cn(controlClasses, className)}
      {...rest}
    />
  );
}

export function Input({ label, hint, error, ...rest }: InputProps) {
  if (label === undefined) return <Control {...rest} />;
  return (
    <Field label={label} hint={hint} error={error} required={rest.required} id={rest.id}>
      <Control {...rest} />
    </Field>
  );
}
