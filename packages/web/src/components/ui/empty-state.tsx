import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export interface EmptyStateProps {
  title: ReactNode;
  /** Say what to do next. */
  description?: ReactNode;
  action?: ReactNode;
  icon?: ReactNode;
  className?: string;
}

export function EmptyState({ title, description, action, icon, className }: EmptyStateProps) {
  return (
    <div
      className={cn(
        'flex flex-col items-center justify-center gap-2 rounded-xl border border-dashed border-stone-300 bg-white px-6 py-10 text-center',
        className,
      )}
    >
      <div aria-hidden="true" className="mb-1 text-brand-600">
        {icon ?? (
          <svg viewBox="0 0 24 24" className="size-10" fill="none" stroke="currentColor" strokeWidth="1.5">
            <path d="M12 21c-4.5-2-7-6-7-10 3 0 5.5 1.5 7 4 1.5-2.5 4-4 7-4 0 4-2.5 8-7 10Z" />
            <path d="M12 15V7m0 0c0-2 1.5-4 4-4-0 2.5-2 4-4 4Zm0 0C12 5 10.5 3 8 3c0 2.5 2 4 4 4Z" />
          </svg>
        )}
      </div>
      <p className="text-base font-semibold text-stone-900">{title}</p>
      {description && <p className="max-w-md text-sm text-stone-600">{description}</p>}
      {action && <div className="mt-3">{action}</div>}
    </div>
  );
}
