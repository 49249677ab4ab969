import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { usersMessages, type Role } from '@verdant/contract';
import { Badge, Button, Card, ConfirmDialog, EmptyState, ErrorState, LoadingState, Select, useToast } from '../../../components/ui';
import { usersListQuery } from '../../../api/queries/users';
import type { loadUsers } from '../../../api/users';
import { cn } from '../../../lib/cn';
import { translateServerMessage } from '../../../lib/server-message';
import { useSetUserActive } from '../api/use-set-user-active';
import { useUpdateUserRole } from '../api/use-update-user-role';

type CompanyUser = Awaited<ReturnType<typeof loadUsers>>[number];

interface RowProps {
  user: CompanyUser;
  companyId: number;
  callerId: number | null;
  callerRole: Role;
}

function UserRow({ user, companyId, callerId, callerRole }: RowProps) {
  const { t } = useTranslation('company');
  const toast = useToast();
  const changeRole = useUpdateUserRole();
  const setActive = useSetUserActive();
  const [confirming, setConfirming] = useState(false);
  const name = `${user.first_name} ${user.last_name}`.trim() || user.email;
  const isSelf = user.user_id === callerId;
  // The server refuses these too; the screen does not offer them.
  const locked = !isSelf && user.user_role === 'SuperAdmin' && callerRole !== 'SuperAdmin';
  // A consultant's access is their rooms, managed on the consultants page; the server refuses a role change.
  const consultant = user.user_role === 'Consultant';
  const editable = !isSelf && !locked && !consultant;
  const roles: Role[] = callerRole === 'SuperAdmin' ? ['Regular', 'Admin', 'SuperAdmin'] : ['Regular', 'Admin'];
  const server = (message: string) => translateServerMessage(message, usersMessages, t, 'company:usersServer');
  const shownRole = changeRole.isPending ? changeRole.variables.user_role : user.user_role;

  const onRole = (role: Role) => {
    if (role === user.user_role) return;
    changeRole.mutate(
      { company_id: companyId, user_id: user.user_id, user_role: role },
      {
        onSuccess: (res) => toast.success(server(res.message)),
        onError: (err) => toast.danger(server(err.message)),
      },
    );
  };

  const onActive = (active: boolean) => {
    setActive.mutate(
      { company_id: companyId, user_id: user.user_id, active },
      {
        onSuccess: (res) => {
          setConfirming(false);
          toast.success(server(res.message));
        },
        onError: (err) => {
          setConfirming(false);
          toast.danger(server(err.message));
        },
      },
    );
  };

  return (
    <li className="px-4 py-4 sm:px-5" data-testid="company-user">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:gap-4">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <p className={cn('text-sm font-medium', user.active ? 'text-stone-900' : 'text-stone-600')}>
              {name}
              {isSelf && <span className="ml-2 text-xs font-normal text-stone-600">{t('users.you')}</span>}
            </p>
            {!user.active && <Badge tone="warning">{t('manage.deactivated')}</Badge>}
          </div>
          <p className="break-all text-xs text-stone-600">{user.email}</p>
        </div>

        {editable ? (
          <div className="flex items-center gap-2">
            <div className="min-w-0 flex-1 sm:w-44 sm:flex-none">
              <Select
                aria-label={t('manage.roleOf', { name })}
                value={shownRole}
                disabled={changeRole.isPending}
                onChange={(e) => onRole(e.target.value as Role)}
                options={roles.map((r) => ({ value: r, label: t(`app:roles.${r}`) }))}
              />
            </div>
            {user.active ? (
              <Button
                variant="secondary"
                className="shrink-0"
                aria-label={t('manage.deactivateLabel', { name })}
                onClick={() => setConfirming(true)}
              >
                {t('manage.deactivate')}
              </Button>
            ) : (
              <Button
                variant="secondary"
                className="shrink-0"
                loading={setActive.isPending}
                aria-label={t('manage.reactivateLabel', { name })}
                onClick={() => onActive(true)}
              >
                {t('manage.reactivate')}
              </Button>
            )}
          </div>
        ) : (
          <div className="flex flex-wrap items-center gap-2 sm:justify-end">
            <Badge tone={user.user_role === 'Regular' ? 'neutral' : 'brand'}>{t(`app:roles.${user.user_role}`)}</Badge>
            {locked && <span className="text-xs text-stone-600">{t('manage.superAdminOnly')}</span>}
            {consultant && <span className="text-xs text-stone-600">{t('manage.consultantRooms')}</span>}
          </div>
        )}
      </div>

      <ConfirmDialog
        open={confirming}
        destructive
        loading={setActive.isPending}
        title={t('manage.confirmTitle', { name })}
        // The e-mail too: two colleagues can share a name.
        description={t('manage.confirmText', { name: `${name} (${user.email})` })}
        confirmLabel={t('manage.confirm')}
        onCancel={() => setConfirming(false)}
        onConfirm={() => onActive(false)}
      />
    </li>
  );
}

/** Admins and SuperAdmins: the company's people, with their role and whether they may sign in. */
export function UserManagement({ companyId, callerId, callerRole }: { companyId: number; callerId: number | null; callerRole: Role }) {
  const { t } = useTranslation('company');
  const users = useQuery(usersListQuery(companyId));
  const others = users.data?.filter((u) => u.user_id !== callerId) ?? [];

  return (
    <Card title={t('users.title')} description={t('manage.description')} padded={false} className="lg:col-span-2">
      {users.isPending ? (
        <LoadingState />
      ) : users.isError ? (
        <div className="p-4">
          <ErrorState error={users.error} onRetry={() => void users.refetch()} />
        </div>
      ) : (
        <>
          <ul className="divide-y divide-stone-200" aria-label={t('users.title')}>
            {users.data.map((u) => (
              <UserRow key={u.user_id} user={u} companyId={companyId} callerId={callerId} callerRole={callerRole} />
            ))}
          </ul>
          {others.length === 0 && (
            <div className="border-t border-stone-200 p-4">
              <EmptyState title={t('users.emptyTitle')} description={t('users.empty')} />
            </div>
          )}
        </>
      )}
    </Card>
  );
}
