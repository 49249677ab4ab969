import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { automationsMessages, type Notification } from '@verdant/contract';
import { Badge, Button, Card, ConfirmDialog, EmptyState, ErrorState, LoadingState, useToast } from '../../../components/ui';
import { notificationsQuery } from '../../../api/queries/automations';
import { translateServerMessage } from '../../../lib/server-message';
import { useFormatDate } from '../../../lib/format-date';
import { useDeleteNotification } from '../api/use-delete-notification';
import { useRotateSecret } from '../api/use-rotate-secret';
import { channelsOf, describeNotification, targetOf } from '../lib/describe';
import { TestSendDialog } from './test-send-dialog';
import { WebhookSecretDialog } from './webhook-secret-dialog';

interface RowProps {
  companyId: number;
  userId: number;
  notification: Notification;
  what: string;
  canManage: boolean;
  onShowDead: (n: Notification) => void;
}

function NotificationRow({ companyId, userId, notification: n, what, canManage, onShowDead }: RowProps) {
  const { t } = useTranslation('automations');
  const [testing, setTesting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [confirmingRotate, setConfirmingRotate] = useState(false);
  const remove = useDeleteNotification(companyId, userId);
  const rotate = useRotateSecret(companyId);
  const toast = useToast();
  const formatDate = useFormatDate();
  const signed = channelsOf(n).includes('webhook');
  const server = (message: string) => translateServerMessage(message, automationsMessages, t, 'automations:server');

  const onDelete = () =>
    remove.mutate(n.notification_id, {
      onSuccess: (res) => toast.success(server(res.message)),
      onError: (err) => toast.danger(server(err.message)),
      onSettled: () => setConfirming(false),
    });

  const onRotate = () =>
    rotate.mutate(n.notification_id, {
      onSuccess: (res) => toast.success(server(res.message)),
      onError: (err) => toast.danger(server(err.message)),
      onSettled: () => setConfirmingRotate(false),
    });

  return (
    <li className="px-4 py-4 sm:px-5" data-testid="automation">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:gap-4">
        <div className="min-w-0 flex-1 space-y-1.5">
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone="brand">{t(`list.kinds.${n.kind}`)}</Badge>
            <p className="text-sm font-medium text-stone-900">{what}</p>
          </div>
          <ul className="space-y-1" aria-label={t('form.methods')}>
            {channelsOf(n).map((c) => (
              <li key={c} className="flex min-w-0 flex-wrap items-baseline gap-x-2 text-sm">
                <span className="font-medium text-stone-700">{t(`channels.${c}`)}</span>
                <span className="min-w-0 break-all text-stone-600">{targetOf(n, c)}</span>
              </li>
            ))}
          </ul>
          {n.dead_deliveries > 0 && (
            <button
              type="button"
              onClick={() => onShowDead(n)}
              aria-label={t('list.showDead', { what })}
              className="inline-flex min-h-11 items-center rounded-lg focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <Badge tone="danger">{t('list.dead', { count: n.dead_deliveries })}</Badge>
            </button>
          )}
          {signed && n.previous_secret_valid_until && (
            <p className="text-xs text-stone-600">{t('list.previousSecret', { until: formatDate(n.previous_secret_valid_until) })}</p>
          )}
          {!canManage && <p className="text-xs text-stone-600">{t('list.notYours')}</p>}
        </div>
        {canManage && (
          <div className="flex shrink-0 flex-wrap gap-2">
            {signed && (
              <Button variant="secondary" className="w-full sm:w-auto" aria-label={t('list.rotateLabel', { what })} onClick={() => setConfirmingRotate(true)}>
                {t('list.rotate')}
              </Button>
            )}
            <Button variant="secondary" className="flex-1 sm:flex-none" aria-label={t('list.sendTestLabel', { what })} onClick={() => setTesting(true)}>
              {t('list.sendTest')}
            </Button>
            <Button variant="secondary" className="flex-1 sm:flex-none" aria-label={t('list.deleteLabel', { what })} onClick={() => setConfirming(true)}>
              {t('list.delete')}
            </Button>
          </div>
        )}
      </div>
      {testing && <TestSendDialog companyId={companyId} notification={n} what={what} onClose={() => setTesting(false)} />}
      <ConfirmDialog
        open={confirming}
        destructive
        loading={remove.isPending}
        title={t('confirmDelete.title')}
        description={t('confirmDelete.text', { what })}
        confirmLabel={t('confirmDelete.confirm')}
        onCancel={() => setConfirming(false)}
        onConfirm={onDelete}
      />
      <ConfirmDialog
        open={confirmingRotate}
        loading={rotate.isPending}
        title={t('confirmRotate.title')}
        description={t('confirmRotate.text', { what })}
        confirmLabel={t('confirmRotate.confirm')}
        onCancel={() => setConfirmingRotate(false)}
        onConfirm={onRotate}
      />
      {rotate.data && (
        <WebhookSecretDialog secret={rotate.data.webhook_secret} previousValidUntil={rotate.data.notification.previous_secret_valid_until} onClose={() => rotate.reset()} />
      )}
    </li>
  );
}

interface Props {
  companyId: number;
  userId: number;
  isAdmin: boolean;
  /** A colleague's name, for task notifications and the sentences that name them. */
  nameOf: (userId: number) => string | undefined;
  onShowDead: (n: Notification, what: string) => void;
}

/** The company's automations: what sets each off, where it goes; test and delete for its creator and Admins. */
export function NotificationList({ companyId, userId, isAdmin, nameOf, onShowDead }: Props) {
  const { t } = useTranslation('automations');
  const list = useQuery(notificationsQuery(companyId, userId));

  return (
    <Card title={t('list.title')} description={t('list.description')} padded={false}>
      {list.isPending ? (
        <LoadingState />
      ) : list.isError ? (
        <div className="p-4">
          <ErrorState error={new Error(translateServerMessage(list.error.message, automationsMessages, t, 'automations:server'))} onRetry={() => void list.refetch()} />
        </div>
      ) : list.data.length === 0 ? (
        <div className="p-4">
          <EmptyState title={t('list.emptyTitle')} description={t('list.empty')} />
        </div>
      ) : (
        <ul className="divide-y divide-stone-200" aria-label={t('list.title')}>
          {list.data.map((n) => {
            const what = describeNotification(n, t, nameOf);
            return (
              <NotificationRow
                key={n.notification_id}
                companyId={companyId}
                userId={userId}
                notification={n}
                what={what}
                canManage={isAdmin || n.created_by === userId}
                onShowDead={(x) => onShowDead(x, what)}
              />
            );
          })}
        </ul>
      )}
    </Card>
  );
}
