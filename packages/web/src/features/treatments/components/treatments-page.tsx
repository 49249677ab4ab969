import { useTranslation } from 'react-i18next';
import { ADMIN_ROLES } from '@verdant/contract';
import { ButtonLink, Card, PageHeader } from '../../../components/ui';
import { useAuth } from '../../../state/hooks';
import { useOnlineStatus } from '../../../lib/use-online-status';
import { paths } from '../../../lib/paths';
import { ProductsCard } from './products-card';
import { TreatmentsCard } from './treatments-card';

/**
 * treatmentProduct: the company's spray products (with re-entry and pre-harvest intervals) and treatments.
 * Applying a product happens where the boxes are: on a room's map, "Select boxes", then "Apply a treatment".
 */
export default function TreatmentsPage() {
  const { t } = useTranslation('treatments');
  const { companyID, userRole } = useAuth();
  const companyId = Number(companyID ?? 0);
  const online = useOnlineStatus();
  const canEdit = Boolean(userRole && (ADMIN_ROLES as readonly string[]).includes(userRole));
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('page.title')} description={t('page.description')} />
      <Card title={t('apply.title')} description={t('apply.description')}>
        <ol className="mb-4 list-decimal space-y-1 pl-5 text-sm text-stone-700">
          <li>{t('apply.step1')}</li>
          <li>{t('apply.step2')}</li>
          <li>{t('apply.step3')}</li>
        </ol>
        <ButtonLink to={paths.rooms}>{t('apply.openRooms')}</ButtonLink>
      </Card>
      <ProductsCard companyId={companyId} canEdit={canEdit} online={online} />
      <Card title={t('links.title')} description={t('links.description')}>
        <div className="flex flex-wrap gap-2">
          <ButtonLink to={paths.stock} variant="secondary">{t('links.stock')}</ButtonLink>
          <ButtonLink to={paths.crops} variant="secondary">{t('links.crops')}</ButtonLink>
          <ButtonLink to={paths.register} variant="secondary">{t('links.register')}</ButtonLink>
          <ButtonLink to={paths.sideEffects} variant="secondary">{t('links.sideEffects')}</ButtonLink>
        </div>
      </Card>
      <TreatmentsCard companyId={companyId} canEdit={canEdit} online={online} />
    </div>
  );
}
