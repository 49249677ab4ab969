import { useTranslation } from 'react-i18next';
import { Card, PageHeader } from '../../../components/ui';
import { useAuth } from '../../../state/hooks';
import { ConsultantHome } from './consultant-home';
import { ConsultantList } from './consultant-list';
import { InviteConsultantForm } from './invite-consultant-form';

/**
 * /dashboard/consultants: Admins invite outside advisers with read-only access to chosen rooms, change
 * their rooms and revoke them; a signed-in consultant sees their rooms here (docs/decisions.md, "Consultants").
 */
export default function ConsultantsPage() {
  const { t } = useTranslation('consultants');
  const { companyID, userRole } = useAuth();
  if (!companyID) return null;
  if (userRole === 'Consultant') {
    return (
      <>
        <PageHeader title={t('mine.pageTitle')} description={t('mine.pageDescription')} />
        <ConsultantHome companyId={companyID} />
      </>
    );
  }
  const isAdmin = userRole === 'Admin' || userRole === 'SuperAdmin';
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      {isAdmin ? (
        <div className="grid gap-6 lg:grid-cols-2">
          <InviteConsultantForm companyId={companyID} />
          <ConsultantList companyId={companyID} />
        </div>
      ) : (
        <Card title={t('title')}>
          <p className="text-sm text-stone-700">{t('adminsOnly')}</p>
        </Card>
      )}
    </>
  );
}
