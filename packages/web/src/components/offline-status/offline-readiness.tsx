import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OfflineReadinessRow } from '../../api/offline-prefetch';
import { useOfflineReadiness } from '../../api/offline-prefetch';
import { useOnlineStatus } from '../../lib/use-online-status';
import { useAuth } from '../../state/hooks';
import { cn } from '../../lib/cn';
import { Icon } from '../icons';
import { OfflineRoomsChooser } from './offline-rooms-chooser';

export type ReadinessView =
  | { kind: 'preparing'; done: number; total: number }
  | { kind: 'ready' | 'incomplete'; readyAt: number }
  | { kind: 'not-ready' };

/** What the indicator says, from the stored readiness and the connection. */
export function readinessView(row: OfflineReadinessRow | null, online: boolean): ReadinessView {
  if (row?.state === 'running' && online) return { kind: 'preparing', done: row.done, total: row.total };
  if (row?.readyAt != null) return { kind: row.state === 'incomplete' ? 'incomplete' : 'ready', readyAt: row.readyAt };
  return { kind: 'not-ready' };
}

/** "just now", "3 minutes ago", "yesterday" in the interface language. */
export function ageText(from: number, now: number, language: string, justNow: string): string {
  const seconds = Math.max(0, Math.round((now - from) / 1000));
  if (seconds < 60) return justNow;
  const rtf = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return rtf.format(-minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (hours < 24) return rtf.format(-hours, 'hour');
  return rtf.format(-Math.round(hours / 24), 'day');
}

function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(id);
  }, [everyMs]);
  return now;
}

/**
 * "Ready for offline · updated 3 min ago", "Preparing for offline… 4 of 9" or "Not ready for offline":
 * how much of what a scout needs is on this device (issue 10, cold offline), with a way to refresh it.
 */
export function OfflineReadiness({ className, compact = false }: { className?: string; compact?: boolean }) {
  const { t, i18n } = useTranslation('offline-status');
  const { userId, companyID } = useAuth();
  const online = useOnlineStatus();
  const { readiness, refill } = useOfflineReadiness(companyID, userId);
  const now = useNow(30_000);
  if (readiness === undefined) return null;

  const view = readinessView(readiness, online);
  const age = 'readyAt' in view ? ageText(view.readyAt, Math.max(now, view.readyAt), i18n.language, t('justNow')) : '';
  const label =
    view.kind === 'preparing'
      ? view.total > 0
        ? t('preparingProgress', { done: Math.min(view.done, view.total), total: view.total })
        : t('preparing')
      : view.kind === 'ready'
        ? t('readyUpdated', { age })
        : view.kind === 'incomplete'
          ? t('incomplete', { age })
          : t('notReady');
  const help = view.kind === 'ready' ? t('readyHelp') : view.kind === 'incomplete' ? t('incompleteHelp') : view.kind === 'not-ready' ? t('notReadyHelp') : null;
  const tone =
    view.kind === 'ready' ? 'text-green-800' : view.kind === 'preparing' ? 'text-stone-700' : 'text-amber-900';

  return (
    <div className={cn('text-sm', className)} data-testid="offline-readiness" data-state={view.kind}>
      <p role="status" aria-live="polite" className={cn('flex items-start gap-2 font-medium', tone)}>
        <Icon
          name={view.kind === 'ready' ? 'check' : view.kind === 'preparing' ? 'wifi' : 'wifiOff'}
          className="mt-0.5 size-4 shrink-0"
        />
        <span>{label}</span>
      </p>
      {view.kind === 'preparing' && view.total > 0 && (
        <div
          className="mt-1.5 h-1.5 overflow-hidden rounded-full bg-stone-200"
          role="progressbar"
          aria-label={t('preparing')}
          aria-valuemin={0}
          aria-valuemax={view.total}
          aria-valuenow={Math.min(view.done, view.total)}
        >
          <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${Math.round((Math.min(view.done, view.total) / view.total) * 100)}%` }} />
        </div>
      )}
      {!compact && help && <p className="mt-1 text-xs text-stone-600">{help}</p>}
      {!compact && online && view.kind !== 'preparing' && (
        <button
          type="button"
          onClick={refill}
          className="mt-1.5 min-h-9 rounded-md px-2 text-xs font-medium text-brand-800 underline-offset-2 hover:bg-stone-100 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {t('update')}
        </button>
      )}
      {!compact && !!companyID && !!userId && <OfflineRoomsChooser companyId={companyID} userId={userId} online={online} refill={refill} />}
    </div>
  );
}
