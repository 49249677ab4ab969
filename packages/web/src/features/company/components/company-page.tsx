import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Badge, Card, EmptyState, ErrorState, LoadingState, PageHeader } from '../../../components/ui';
import { usersListQuery } from '../../../api/queries/users';
import { useAuth } from '../../../state/hooks';
import { UserManagement } from './user-management';
import { useCompany } from '../api/use-company';
import { InviteForm } from './invite-form';
import { PendingInvitations } from './pending-invitations';

function Detail({ label, value }: { label: string; value: string | null | undefined }) {
  const { t } = useTranslation('company');
  return (
    <div>
      <dt className="text-sm text-stone-600">{label}</dt>
      <dd className="mt-0.5 text-sm font-medium text-stone-900">{value || <span className="text-stone-600">{t('details.notSet')}</span>}</dd>
    </div>
  );
}

/** Everyone in the company, read only (Regular users); deactivated accounts are left out. */
function People({ companyId, userId }: { companyId: number; userId: number | null }) {
  const { t } = useTranslation('company');
  const users = useQuery(usersListQuery(companyId));
  const active = users.data?.filter((u) => u.active) ?? [];
  return (
    <Card title={t('users.title')} description={t('users.description')} padded={false}>
      {users.isPending ? (
        <LoadingState />
      ) : users.isError ? (
        <div className="p-4">
          <ErrorState error={users.error} onRetry={() => void users.refetch()} />
        </div>
      ) : active.length === 0 ? (
        <div className="p-4">
          <EmptyState title={t('users.emptyTitle')} description={t('users.emptyRegular')} />
        </div>
      ) : (
        <ul className="divide-y divide-stone-200" aria-label={t('users.title')}>
          {active.map((u) => (
            <li key={u.user_id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 sm:px-5">
              <div className="min-w-0">
                <p className="truncate text-sm font-medium text-stone-900">
                  {u.first_name} {u.last_name}
                  {u.user_id === userId && <span className="ml-2 text-xs font-normal text-stone-600">{t('users.you')}</span>}
                </p>
                <p className="truncate text-xs text-stone-600">{u.email}</p>
              </div>
              <Badge tone={u.user_role === 'Regular' ? 'neutral' : 'brand'}>{t(`app:roles.${u.user_role}`)}</Badge>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

export default function CompanyPage() {
  const { t, i18n } = useTranslation('company');
  const { companyID, userRole, userId } = useAuth();
  const isAdmin = userRole === 'Admin' || userRole === 'SuperAdmin';
  const company = useCompany(companyID);

  return (
    <>
      <PageHeader title={company.data?.company_name ?? t('title')} description={t('description')} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title={t('details.title')}>
          {company.isPending ? (
            <LoadingState />
          ) : company.isError ? (
            <ErrorState error={company.error} onRetry={() => void company.refetch()} />
          ) : (
            <dl className="grid gap-4 sm:grid-cols-2">
              <Detail label={t('details.name')} value={company.data.company_name} />
              <Detail label={t('details.type')} value={company.data.company_type} />
              <Detail label={t('details.contactName')} value={company.data.contact_name} />
              <Detail label={t('details.contactEmail')} value={company.data.contact_email} />
              <Detail label={t('details.contactPhone')} value={company.data.contact_phone} />
              <Detail
                label={t('details.since')}
                value={new Date(company.data.created_at).toLocaleDateString(i18n.language, { dateStyle: 'long' })}
              />
            </dl>
          )}
        </Card>

        {!companyID ? null : isAdmin && userRole ? (
          <>
            <InviteForm companyId={companyID} canInviteSuperAdmin={userRole === 'SuperAdmin'} />
            <UserManagement companyId={companyID} callerId={userId} callerRole={userRole} />
            <PendingInvitations companyId={companyID} className="lg:col-span-2" />
          </>
        ) : (
          <>
            <People companyId={companyID} userId={userId} />
            <Card title={t('invite.title')} className="lg:col-span-2">
              <p className="text-sm text-stone-700">{t('invite.adminsOnly')}</p>
            </Card>
          </>
        )}
      </div>
    </>
  );
}
