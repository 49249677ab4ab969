import { useId, type ReactNode } from 'react';
import { cn } from '../../lib/cn';

export interface SwitchProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
  id?: string;
  className?: string;
}

/** An on/off toggle (role="switch") with its label; the whole row is a 44 px target. */
export function Switch({ checked, onChange, label, description, disabled, id, className }: SwitchProps) {
  const autoId = useId();
  const switchId = id ?? `s${autoId}`;
  const descId = description ? `${switchId}-desc` : undefined;
  return (
    <div className={cn('flex min-h-11 items-center justify-between gap-4', className)}>
      <div className="flex flex-col">
        <label htmlFor={switchId} className="text-sm font-medium text-stone-800">
          {label}
        </label>
        {description && (
          <span id={descId} className="text-sm text-stone-600">
            {description}
          </span>
        )}
      </div>
      <button
        id={switchId}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-describedby={descId}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        className={cn(
          'relative inline-flex h-11 w-16 shrink-0 items-center rounded-full p-1.5 transition-colors',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
          'disabled:cursor-not-allowed disabled:opacity-55',
        )}
      >
        <span
          aria-hidden="true"
          className={cn(
            'absolute inset-x-1.5 inset-y-2.5 rounded-full transition-colors',
            checked ? 'bg-brand-700' : 'bg-stone-400',
          )}
        />
        <span
          aria-hidden="true"
          className={cn(
            'relative size-5 rounded-full bg-white shadow transition-transform',
            checked ? 'translate-x-7' : 'translate-x-0.5',
          )}
        />
      </button>
    </div>
  );
}
