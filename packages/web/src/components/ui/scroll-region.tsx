import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/**
 * A box that scrolls sideways (a wide table on a phone). It takes keyboard focus, so arrow keys can
 * scroll it without a mouse, and it is a named region, so a screen reader says what it holds.
 */
export function ScrollRegion({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    // Focusable although not a control: WCAG 2.1.1 asks that a scrolling box be reachable by keyboard.
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className={cn('overflow-x-auto focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600', className)}
    >
      {children}
    </div>
  );
}
