import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { automationsMessages, DELIVERY_STATUSES, type Delivery, type DeliveryStatus } from '@verdant/contract';
import { Badge, Button, Card, EmptyState, ErrorState, LoadingState, Pager, Select, useToast, type BadgeTone } from '../../../components/ui';
import { deliveriesQuery } from '../../../api/queries/automations';
import { useFormatDate } from '../../../lib/format-date';
import { translateServerMessage } from '../../../lib/server-message';
import { useRetryDelivery } from '../api/use-delivery-actions';
import { useProblemLook } from '../../../components/problem-look';
import { deliveryErrorText, deliveryEventText } from '../lib/delivery-text';

const PER_PAGE = 20;

const STATUS_TONE: Record<DeliveryStatus, BadgeTone> = { pending: 'info', sent: 'success', failed: 'warning', dead: 'danger' };

export interface LogFilter {
  status?: DeliveryStatus;
  notificationId?: number;
  /** The automation in one sentence, when the log shows only its deliveries. */
  notificationWhat?: string;
}

function DeliveryRow({ delivery: d, companyId, isAdmin }: { delivery: Delivery; companyId: number; isAdmin: boolean }) {
  const { t } = useTranslation('automations');
  const formatDate = useFormatDate();
  const toast = useToast();
  const retry = useRetryDelivery(companyId);
  const look = useProblemLook(companyId);
  const server = (message: string) => translateServerMessage(message, automationsMessages, t, 'automations:server');

  return (
    <li className="px-4 py-3 sm:px-5" data-testid="delivery">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:gap-4">
        <div className="min-w-0 flex-1 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone={STATUS_TONE[d.status]}>{t(`log.statuses.${d.status}`)}</Badge>
            <span className="text-sm font-medium text-stone-900">{t(`channels.${d.channel}`)}</span>
            <span className="min-w-0 break-all text-sm text-stone-600">{d.target}</span>
          </div>
          <p className="break-words text-sm text-stone-800">{deliveryEventText(d.event, t, look.name)}</p>
          <p className="text-xs text-stone-600">
            {t('log.created', { date: formatDate(d.created_at) })}
            {d.sent_at && <> · {t('log.sentAt', { date: formatDate(d.sent_at) })}</>} · {t('log.attempts', { count: d.attempts })}
          </p>
          {d.answer && <p className="break-all text-xs text-stone-600">{t('log.answer', { answer: d.answer })}</p>}
          {d.last_error && d.status !== 'sent' && <p className="break-words text-xs font-medium text-red-700">{t('log.error', { error: deliveryErrorText(d.last_error, t) })}</p>}
        </div>
        {d.status === 'dead' &&
          (isAdmin ? (
            <Button
              variant="secondary"
              className="shrink-0"
              loading={retry.isPending}
              aria-label={t('log.retryLabel', { target: d.target })}
              onClick={() =>
                retry.mutate(d.delivery_id, {
                  onSuccess: (res) => toast.success(server(res.message)),
                  onError: (err) => toast.danger(server(err.message)),
                })
              }
            >
              {t('log.retry')}
            </Button>
          ) : (
            <span className="shrink-0 text-xs text-stone-600">{t('log.retryAdmins')}</span>
          ))}
      </div>
    </li>
  );
}

interface Props {
  companyId: number;
  isAdmin: boolean;
  filter: LogFilter;
  onFilter: (filter: LogFilter) => void;
}

/** Every delivery, newest first, by status (dead letters are the ones to retry); optionally one automation's. */
export function DeliveryLog({ companyId, isAdmin, filter, onFilter }: Props) {
  const { t } = useTranslation('automations');
  const [page, setPage] = useState(0);
  const [shownFilter, setShownFilter] = useState(filter);
  // A new filter (from this card or from an automation's dead letters) starts again at the first page.
  if (shownFilter !== filter) {
    setShownFilter(filter);
    setPage(0);
  }
  const log = useQuery({
    ...deliveriesQuery(companyId, { status: filter.status, notificationId: filter.notificationId, page: page + 1, perPage: PER_PAGE }),
    // While something on the page is still on its way, the log follows it without a reload.
    refetchInterval: (q) => (q.state.data?.deliveries.some((d) => d.status === 'pending' || d.status === 'failed') ? 5000 : false),
  });

  const empty =
    filter.status === 'dead'
      ? { title: t('log.emptyDeadTitle'), text: t('log.emptyDead') }
      : filter.status || filter.notificationId
        ? { title: t('log.emptyFilteredTitle'), text: t('log.emptyFiltered') }
        : { title: t('log.emptyTitle'), text: t('log.empty') };

  return (
    <Card id="delivery-log" title={t('log.title')} description={t('log.description')} padded={false}>
      <div className="flex flex-col gap-3 border-b border-stone-200 px-4 py-3 sm:flex-row sm:items-end sm:px-5">
        <div className="sm:w-60">
          <Select
            label={t('log.status')}
            value={filter.status ?? ''}
            onChange={(e) => onFilter({ ...filter, status: (e.target.value || undefined) as DeliveryStatus | undefined })}
            options={[{ value: '', label: t('log.allStatuses') }, ...DELIVERY_STATUSES.map((s) => ({ value: s, label: t(`log.filters.${s}`) }))]}
          />
        </div>
        {filter.notificationId !== undefined && (
          <div className="flex min-w-0 flex-wrap items-center gap-2">
            <Badge tone="neutral" className="max-w-full truncate">
              {filter.notificationWhat ? t('log.onlyOne', { what: filter.notificationWhat }) : t('log.onlyOneDeleted', { id: filter.notificationId })}
            </Badge>
            <Button variant="ghost" size="sm" onClick={() => onFilter({ status: filter.status })}>
              {t('log.showAll')}
            </Button>
          </div>
        )}
      </div>
      {log.isPending ? (
        <LoadingState />
      ) : log.isError ? (
        <div className="p-4">
          <ErrorState error={log.error} onRetry={() => void log.refetch()} />
        </div>
      ) : log.data.deliveries.length === 0 ? (
        <div className="p-4">
          <EmptyState title={empty.title} description={empty.text} />
        </div>
      ) : (
        <>
          <ul className="divide-y divide-stone-200" aria-label={t('log.title')}>
            {log.data.deliveries.map((d) => (
              <DeliveryRow key={d.delivery_id} delivery={d} companyId={companyId} isAdmin={isAdmin} />
            ))}
          </ul>
          <div className="border-t border-stone-200 px-4 pb-4 sm:px-5">
            <Pager
              page={page}
              limit={PER_PAGE}
              total={log.data.total}
              label={t('log.pager')}
              range={(r) => t('log.range', r)}
              previousLabel={t('log.previous')}
              nextLabel={t('log.next')}
              onPage={setPage}
            />
          </div>
        </>
      )}
    </Card>
  );
}
