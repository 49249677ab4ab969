import { useCallback, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ADMIN_ROLES } from '@verdant/contract';
import { Button, ButtonLink, PageHeader } from '../../../components/ui';
import { paths } from '../../../lib/paths';
import { usersListQuery } from '../../../api/queries/users';
import { useAuth } from '../../../state/hooks';
import { AutomationForm } from './automation-form';
import { DeliveryLog, type LogFilter } from './delivery-log';
import { NotificationList } from './notification-list';

/**
 * The automations screen (spec-1 §2 `automations`, spec-2 §7): the company's automations, task
 * notifications and form reminders, a form to add one, a test send per automation, and the delivery log
 * with its dead letters. Anyone may set one up; testing and deleting are for its creator and Admins,
 * retrying a dead letter for Admins (the contract's roles).
 */
export default function AutomationsPage() {
  const { t } = useTranslation('automations');
  const { companyID, userId, userRole } = useAuth();
  const isAdmin = userRole !== null && ADMIN_ROLES.includes(userRole);
  const [creating, setCreating] = useState(false);
  const [logFilter, setLogFilter] = useState<LogFilter>({});
  const users = useQuery({ ...usersListQuery(companyID ?? 0), enabled: Boolean(companyID) });

  const nameOf = useCallback(
    (id: number) => {
      const u = users.data?.find((x) => x.user_id === id);
      return u ? `${u.first_name} ${u.last_name}`.trim() || u.email : undefined;
    },
    [users.data],
  );

  if (!companyID || !userId) return null;

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
            <ButtonLink to={paths.thresholds} variant="secondary" className="w-full sm:w-auto">
              {t('thresholdsLink')}
            </ButtonLink>
            {!creating && (
              <Button onClick={() => setCreating(true)} className="w-full sm:w-auto">
                {t('new')}
              </Button>
            )}
          </div>
        }
      />
      <div className="space-y-6">
        {creating && <AutomationForm companyId={companyID} userId={userId} onDone={() => setCreating(false)} />}
        <NotificationList
          companyId={companyID}
          userId={userId}
          isAdmin={isAdmin}
          nameOf={nameOf}
          onShowDead={(n, what) => {
            setLogFilter({ status: 'dead', notificationId: n.notification_id, notificationWhat: what });
            document.getElementById('delivery-log')?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
          }}
        />
        <DeliveryLog companyId={companyID} isAdmin={isAdmin} filter={logFilter} onFilter={setLogFilter} />
      </div>
    </>
  );
}
