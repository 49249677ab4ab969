import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ButtonLink, Card, PageHeader } from '../../../components/ui';
import { Icon, type IconName } from '../../../components/icons';
import { userDataQuery } from '../../../api/queries/users';
import { useAiModel } from '../../../api/queries/use-ai-model';
import { useOnlineStatus } from '../../../lib/use-online-status';
import { useAuth } from '../../../state/hooks';
import { paths } from '../../../lib/paths';

const ACTIONS: Array<{ key: string; to: string; icon: IconName }> = [
  { key: 'scan', to: paths.scanNow, icon: 'scan' },
  { key: 'rooms', to: paths.rooms, icon: 'rooms' },
  { key: 'tasks', to: paths.tasks, icon: 'tasks' },
  { key: 'overview', to: paths.overview, icon: 'grid' },
];

/** The field home: who is signed in, the state of the device, and the big buttons for the floor. */
export default function QuickviewPage() {
  const { t } = useTranslation('quickview');
  const { userId, companyID, userRole } = useAuth();
  const user = useQuery({ ...userDataQuery(userId ?? 0, companyID ?? 0), enabled: Boolean(userId && companyID) });
  const online = useOnlineStatus();
  const aiModel = useAiModel();
  const name = user.data?.first_name;

  return (
    <>
      <PageHeader title={name ? t('greeting', { name }) : t('title')} description={t('description')} />
      <div className="grid gap-4 lg:grid-cols-3">
        <Card title={t('actionsTitle')} className="lg:col-span-2">
          <ul className="grid grid-cols-2 gap-3">
            {ACTIONS.map((a) => (
              <li key={a.key}>
                <ButtonLink to={a.to} variant="secondary" size="lg" block className="h-full min-h-20 flex-col gap-1 py-3 text-center leading-tight">
                  <Icon name={a.icon} className="size-7 text-brand-700" />
                  {t(`actions.${a.key}`)}
                </ButtonLink>
              </li>
            ))}
          </ul>
        </Card>
        <Card title={t('statusTitle')}>
          <dl className="space-y-3 text-sm">
            <div className="flex justify-between gap-3">
              <dt className="text-stone-600">{t('connection')}</dt>
              <dd className="font-medium">{online ? t('online') : t('offline')}</dd>
            </div>
            <div className="flex justify-between gap-3">
              <dt className="text-stone-600">{t('role')}</dt>
              <dd className="font-medium">{userRole ? t(`app:roles.${userRole}`) : '—'}</dd>
            </div>
            <div className="flex justify-between gap-3">
              <dt className="text-stone-600">{t('aiModel')}</dt>
              <dd className="font-medium">{t(`app:aiModels.${aiModel}`, { defaultValue: aiModel })}</dd>
            </div>
          </dl>
        </Card>
      </div>
    </>
  );
}
