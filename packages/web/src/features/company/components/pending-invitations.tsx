import { useTranslation } from 'react-i18next';
import { Badge, Card, EmptyState, ErrorState, LoadingState } from '../../../components/ui';
import { usePendingInvitations } from '../api/use-pending-invitations';

export function PendingInvitations({ companyId, className }: { companyId: number; className?: string }) {
  const { t, i18n } = useTranslation('company');
  const invitations = usePendingInvitations(companyId, true);
  const date = (iso: string) => new Date(iso).toLocaleDateString(i18n.language, { dateStyle: 'medium' });

  return (
    <Card title={t('pending.title')} description={t('pending.description')} padded={false} className={className}>
      {invitations.isPending ? (
        <LoadingState />
      ) : invitations.isError ? (
        <div className="p-4">
          <ErrorState error={invitations.error} onRetry={() => void invitations.refetch()} />
        </div>
      ) : invitations.data.length === 0 ? (
        <div className="p-4">
          <EmptyState title={t('pending.emptyTitle')} description={t('pending.empty')} />
        </div>
      ) : (
        <ul className="divide-y divide-stone-200">
          {invitations.data.map((inv) => (
            <li key={inv.invitation_id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 sm:px-5">
              <div className="min-w-0">
                <p className="truncate text-sm font-medium text-stone-900">{inv.email}</p>
                <p className="text-xs text-stone-600">
                  {t('pending.sentOn', { date: date(inv.created_at) })} · {t('pending.expires', { date: date(inv.expires_at) })}
                </p>
              </div>
              <Badge tone="info">{t(`app:roles.${inv.role}`)}</Badge>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
