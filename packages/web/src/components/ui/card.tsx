import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from '../../lib/cn';

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  title?: ReactNode;
  description?: ReactNode;
  /** Buttons or links shown at the right of the title. */
  actions?: ReactNode;
  footer?: ReactNode;
  /** The element the card renders as; a titled card is a labelled section. */
  as?: 'section' | 'div' | 'article';
  padded?: boolean;
}

export function Card({ title, description, actions, footer, as, padded = true, className, children, ...rest }: CardProps) {
  const Tag = as ?? (title ? 'section' : 'div');
  return (
    <Tag className={cn('rounded-xl border border-stone-200 bg-white shadow-xs', className)} {...rest}>
      {(title || actions) && (
        <header className="flex flex-wrap items-start justify-between gap-3 border-b border-stone-200 px-4 py-3 sm:px-5">
          <div className="min-w-0">
            {title && <h2 className="text-base font-semibold text-stone-900">{title}</h2>}
            {description && <p className="mt-0.5 text-sm text-stone-600">{description}</p>}
          </div>
          {actions && <div className="flex shrink-0 flex-wrap items-center gap-2">{actions}</div>}
        </header>
      )}
      <div className={cn(padded && 'p-4 sm:p-5')}>{children}</div>
      {footer && <footer className="border-t border-stone-200 px-4 py-3 sm:px-5">{footer}</footer>}
    </Tag>
  );
}
