import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ADMIN_ROLES, type Crop } from '@verdant/contract';
import { Badge, Button, Card, ConfirmDialog, Dialog, EmptyState, ErrorState, LoadingState, PageHeader, useToast } from '../../../components/ui';
import { errorMessage } from '../../../api/api-error';
import { cropsQuery } from '../../../api/queries/crops';
import { useAuth } from '../../../state/hooks';
import { useOnlineStatus } from '../../../lib/use-online-status';
import { useDeleteCrop } from '../api/use-crops';
import { CropForm } from './crop-form';

/**
 * The company's crops by EPPO code (the plant-protection register names crops by it). Everyone reads;
 * admins add, rename and delete — a crop batches still grow is not deleted, and the server says how many.
 */
export default function CropsPage() {
  const { t } = useTranslation('crops');
  const toast = useToast();
  const { companyID, userRole } = useAuth();
  const companyId = Number(companyID ?? 0);
  const online = useOnlineStatus();
  const canEdit = Boolean(userRole && (ADMIN_ROLES as readonly string[]).includes(userRole));
  const crops = useQuery({ ...cropsQuery(companyId), enabled: companyId > 0 });
  const remove = useDeleteCrop(companyId);
  const [editing, setEditing] = useState<Crop | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Crop | null>(null);

  const onDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.crop_id, {
      onSuccess: () => {
        toast.success(t('list.deleted', { name: deleting.name }));
        setDeleting(null);
      },
      onError: (err) => {
        toast.danger(errorMessage(err));
        setDeleting(null);
      },
    });
  };
  const add = canEdit && <Button onClick={() => setEditing('new')} disabled={!online}>{t('list.add')}</Button>;

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('page.title')} description={t('page.description')} />
      <Card title={t('list.title')} actions={crops.data?.length ? add : undefined} padded={false}>
        {crops.isPending ? (
          <LoadingState />
        ) : crops.isError ? (
          <div className="p-4"><ErrorState error={crops.error} onRetry={() => void crops.refetch()} /></div>
        ) : crops.data.length === 0 ? (
          <div className="p-4">
            <EmptyState title={t('list.emptyTitle')} description={canEdit ? t('list.emptyAdmin') : t('list.emptyRegular')} action={add || undefined} />
          </div>
        ) : (
          <ul className="divide-y divide-stone-200" aria-label={t('list.title')}>
            {crops.data.map((c) => (
              <li key={c.crop_id} data-testid="crop" className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-5">
                <div className="flex min-w-0 flex-1 flex-wrap items-center gap-2">
                  <span className="font-medium text-stone-900">{c.name}</span>
                  <Badge tone="info">{c.eppo_code}</Badge>
                  <span className="text-sm text-stone-600">{t('list.batches', { count: c.batch_count })}</span>
                </div>
                {canEdit && (
                  <div className="flex gap-2">
                    <Button variant="secondary" size="sm" disabled={!online} onClick={() => setEditing(c)} aria-label={t('list.editNamed', { name: c.name })}>{t('list.edit')}</Button>
                    <Button variant="ghost" size="sm" disabled={!online} onClick={() => setDeleting(c)} aria-label={t('list.deleteNamed', { name: c.name })}>{t('list.delete')}</Button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Dialog open={editing !== null} onClose={() => setEditing(null)} title={editing === 'new' ? t('form.addTitle') : t('form.editTitle')}>
        {editing !== null && <CropForm companyId={companyId} crop={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />}
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        title={t('list.deleteTitle', { name: deleting?.name ?? '' })}
        description={deleting && deleting.batch_count > 0 ? t('list.deleteInUse', { count: deleting.batch_count }) : t('list.deleteBody')}
        confirmLabel={t('list.delete')}
        destructive
        loading={remove.isPending}
        onConfirm={onDelete}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
