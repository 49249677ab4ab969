import type { ReactNode, Ref, TextareaHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';
import { controlClasses, Field, useFieldControl } from './field';

export interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label?: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  ref?: Ref<HTMLTextAreaElement>;
}

function Control({ className, id, required, rows = 4, ...rest }: Omit<TextareaProps, 'label' | 'hint' | 'error'>) {
  const field = useFieldControl();
  return (
    <textarea
      id={id ?? field?.id}
      rows={rows}
      required={required ?? field?.required}
      aria-describedby={field?.describedBy}
      aria-invalid={field?.invalid || undefined}
      className={cn(controlClasses, 'resize-y', className)}
      {...rest}
    />
  );
}

export function Textarea({ label, hint, error, ...rest }: TextareaProps) {
  if (label === undefined) return <Control {...rest} />;
  return (
    <Field label={label} hint={hint} error={error} required={rest.required} id={rest.id}>
      <Control {...rest} />
    </Field>
  );
}
