import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, Button, ButtonLink, ConfirmDialog, Dialog, EmptyState } from '../../components/ui';
import { paths } from '../../lib/paths';
import type { QueueEntry, QueuedForm } from '../../api/form-responses';

export interface SyncPanelProps {
  open: boolean;
  onClose: () => void;
  entries: QueueEntry[];
  rooms: number;
  /** Field actions waiting or refused; the outbox page lists them. */
  actions: number;
  online: boolean;
  sending: boolean;
  onSendNow: () => void;
  onRetry: (id: number) => void;
  onDiscard: (id: number) => Promise<void>;
}

function placeOf(item: QueuedForm, t: (k: string, o?: Record<string, unknown>) => string): string {
  if (item.kind === 'boxes') return t('sync.placeBoxes', { count: item.GridBoxIDs?.length ?? 0 });
  if (item.kind === 'room') return t('sync.placeRoom', { id: item.roomID });
  if (item.GridBoxID) return t('sync.placeBox', { id: item.GridBoxID });
  return t('sync.placeNone');
}

/** What is waiting on this device: queued and refused form submissions, with Send now, Retry and Discard. */
export function SyncPanel({ open, onClose, entries, rooms, actions, online, sending, onSendNow, onRetry, onDiscard }: SyncPanelProps) {
  const { t, i18n } = useTranslation(['app', 'outbox']);
  const [discarding, setDiscarding] = useState<QueueEntry | null>(null);
  const [busy, setBusy] = useState(false);
  const waiting = entries.filter((e) => e.item.state === 'pending').length;
  const when = (iso: string) =>
    new Date(iso).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <>
      <Dialog
        open={open && !discarding}
        onClose={onClose}
        title={t('sync.title')}
        description={online ? t('sync.introOnline') : t('sync.introOffline')}
        className="max-w-lg"
        footer={
          <>
            <Button variant="secondary" onClick={onClose}>
              {t('sync.close')}
            </Button>
            <ButtonLink variant="secondary" to={paths.outbox} onClick={onClose}>
              {t('openOutbox', { ns: 'outbox' })}
            </ButtonLink>
            <Button onClick={onSendNow} loading={sending} disabled={!online || (waiting === 0 && rooms === 0 && actions === 0)}>
              {t('sync.sendNow')}
            </Button>
          </>
        }
      >
        {rooms > 0 && <p className="mb-3 text-sm text-stone-700">{t('sync.rooms', { count: rooms })}</p>}
        {actions > 0 && <p className="mb-3 text-sm text-stone-700">{t('summaryActions', { ns: 'outbox', count: actions })}</p>}
        {entries.length === 0 && rooms === 0 && actions === 0 ? (
          <EmptyState title={t('sync.emptyTitle')} description={t('sync.emptyText')} />
        ) : (
          <ul className="max-h-[55vh] space-y-2 overflow-y-auto" aria-label={t('sync.listLabel')}>
            {entries.map((entry) => {
              const { item } = entry;
              const failed = item.state === 'failed';
              return (
                <li key={item.tempResponseID} className="rounded-lg border border-stone-200 p-3">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div className="min-w-0">
                      <p className="truncate text-sm font-medium text-stone-900">{item.label || t('sync.formFallback')}</p>
                      <p className="text-xs text-stone-600">
                        {placeOf(item, t)} · {t('sync.submittedAt', { when: when(item.submittedAt) })}
                      </p>
                      <p className="text-xs text-stone-600">
                        {t('sync.contents', { answers: entry.answers, count: entry.photos })}
                      </p>
                    </div>
                    <Badge tone={failed ? 'danger' : 'info'}>{failed ? t('sync.failed') : t('sync.waiting')}</Badge>
                  </div>
                  {item.lastError && (
                    <p className={failed ? 'mt-2 text-sm text-red-800' : 'mt-2 text-xs text-stone-600'}>
                      {failed ? t('sync.refusedBecause', { reason: item.lastError }) : t('sync.lastTry', { reason: item.lastError })}
                    </p>
                  )}
                  {failed && (
                    <div className="mt-2 flex flex-wrap gap-2">
                      <Button variant="secondary" onClick={() => onRetry(item.tempResponseID)} disabled={!online || sending}>
                        {t('sync.retry')}
                      </Button>
                      <Button variant="ghost" className="text-red-800" onClick={() => setDiscarding(entry)}>
                        {t('sync.discard')}
                      </Button>
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </Dialog>
      <ConfirmDialog
        open={Boolean(discarding)}
        destructive
        loading={busy}
        title={t('sync.discardTitle')}
        description={t('sync.discardText', { count: discarding?.photos ?? 0, answers: discarding?.answers ?? 0 })}
        confirmLabel={t('sync.discardConfirm')}
        onCancel={() => setDiscarding(null)}
        onConfirm={() => {
          if (!discarding) return;
          setBusy(true);
          void onDiscard(discarding.item.tempResponseID).finally(() => {
            setBusy(false);
            setDiscarding(null);
          });
        }}
      />
    </>
  );
}
