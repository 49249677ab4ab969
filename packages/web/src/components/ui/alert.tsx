import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export type Tone = 'success' | 'danger' | 'warning' | 'info';

const TONES: Record<Tone, string> = {
  success: 'border-green-300 bg-green-50 text-green-900',
  danger: 'border-red-300 bg-red-50 text-red-900',
  warning: 'border-amber-300 bg-amber-50 text-amber-900',
  info: 'border-blue-300 bg-blue-50 text-blue-900',
};

export const TONE_ICONS: Record<Tone, string> = {
  success: 'M9 12.8 6.7 10.5a1 1 0 1 0-1.4 1.4l3 3a1 1 0 0 0 1.4 0l6-6a1 1 0 1 0-1.4-1.4Z',
  danger: 'M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm-1 4h2v5H9Zm0 6h2v2H9Z',
  warning: 'M10 2 1 18h18L10 2Zm-1 6h2v4H9Zm0 5h2v2H9Z',
  info: 'M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm-1 7h2v5H9Zm0-3h2v2H9Z',
};

export function ToneIcon({ tone, className }: { tone: Tone; className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className={cn('size-5 shrink-0', className)}>
      <path fill="currentColor" fillRule="evenodd" d={TONE_ICONS[tone]} />
    </svg>
  );
}

export interface AlertProps {
  tone?: Tone;
  title?: ReactNode;
  children?: ReactNode;
  /** A retry button or a link. */
  action?: ReactNode;
  className?: string;
}

/** An inline message. Danger and warning alerts are announced (role="alert"); the others politely. */
export function Alert({ tone = 'info', title, children, action, className }: AlertProps) {
  const assertive = tone === 'danger' || tone === 'warning';
  return (
    <div
      role={assertive ? 'alert' : 'status'}
      className={cn('flex gap-3 rounded-lg border px-4 py-3 text-sm', TONES[tone], className)}
    >
      <ToneIcon tone={tone} className="mt-0.5" />
      <div className="min-w-0 flex-1">
        {title && <p className="font-semibold">{title}</p>}
        {children && <div className={cn(title ? 'mt-1' : undefined)}>{children}</div>}
        {action && <div className="mt-2">{action}</div>}
      </div>
    </div>
  );
}
