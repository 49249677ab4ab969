import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ADMIN_ROLES, type SideEffect } from '@verdant/contract';
import { Badge, Button, ButtonLink, Card, ConfirmDialog, Dialog, EmptyState, ErrorState, LoadingState, PageHeader, useToast } from '../../../components/ui';
import { errorMessage } from '../../../api/api-error';
import { sideEffectsQuery } from '../../../api/queries/beneficial-side-effects';
import { sprayProductsQuery } from '../../../api/queries/treatments';
import { useAuth } from '../../../state/hooks';
import { useOnlineStatus } from '../../../lib/use-online-status';
import { paths } from '../../../lib/paths';
import { useDeleteSideEffect } from '../api/use-side-effects';
import { SideEffectForm } from './side-effect-form';

const TONE = { harmful: 'danger', 'moderately harmful': 'warning', harmless: 'success' } as const;

/**
 * The side-effect table: what each product does to each beneficial species and for how many days. An application
 * is warned when it would hit beneficials released in the same boxes within that time. Admins edit; others read.
 */
export default function SideEffectsPage() {
  const { t } = useTranslation('treatments');
  const toast = useToast();
  const { companyID, userRole } = useAuth();
  const companyId = Number(companyID ?? 0);
  const online = useOnlineStatus();
  const canEdit = Boolean(userRole && (ADMIN_ROLES as readonly string[]).includes(userRole));
  const rows = useQuery({ ...sideEffectsQuery(companyId), enabled: companyId > 0 });
  const products = useQuery({ ...sprayProductsQuery(companyId), enabled: companyId > 0 && canEdit });
  const remove = useDeleteSideEffect(companyId);
  const [editing, setEditing] = useState<SideEffect | 'new' | null>(null);
  const [deleting, setDeleting] = useState<SideEffect | null>(null);
  const noProducts = canEdit && products.data?.length === 0;

  const onDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.side_effect_id, {
      onSuccess: () => {
        toast.success(t('sideEffects.deleted', { product: deleting.product_name, species: deleting.species }));
        setDeleting(null);
      },
      onError: (err) => toast.danger(errorMessage(err)),
    });
  };
  const add = canEdit && !noProducts && (
    <Button onClick={() => setEditing('new')} disabled={!online || !products.data}>{t('sideEffects.add')}</Button>
  );

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('sideEffects.title')} description={t('sideEffects.description')} actions={<ButtonLink to={paths.treatmentProduct} variant="secondary">{t('sideEffects.back')}</ButtonLink>} />
      <Card title={t('sideEffects.tableTitle')} actions={rows.data?.length ? add : undefined} padded={false}>
        {rows.isPending ? (
          <LoadingState />
        ) : rows.isError ? (
          <div className="p-4"><ErrorState error={rows.error} onRetry={() => void rows.refetch()} /></div>
        ) : rows.data.length === 0 ? (
          <div className="p-4">
            <EmptyState
              title={t('sideEffects.emptyTitle')}
              description={!canEdit ? t('sideEffects.emptyRegular') : noProducts ? t('sideEffects.emptyNoProducts') : t('sideEffects.emptyAdmin')}
              action={noProducts ? <ButtonLink to={paths.treatmentProduct}>{t('sideEffects.back')}</ButtonLink> : add || undefined}
            />
          </div>
        ) : (
          <ul className="divide-y divide-stone-200" aria-label={t('sideEffects.tableTitle')}>
            {rows.data.map((r) => (
              <li key={r.side_effect_id} data-testid="side-effect" className="flex flex-wrap items-start justify-between gap-3 px-4 py-3 sm:px-5">
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-stone-900">{r.product_name} → {r.species}</p>
                  <div className="mt-1.5 flex flex-wrap gap-1.5">
                    <Badge tone={TONE[r.effect]}>{t(`sideEffects.effects.${r.effect}`)}</Badge>
                    <Badge tone="neutral">{t('sideEffects.daysValue', { count: r.persistence_days })}</Badge>
                  </div>
                </div>
                {canEdit && (
                  <div className="flex gap-2">
                    <Button variant="secondary" size="sm" disabled={!online || !products.data} onClick={() => setEditing(r)} aria-label={t('sideEffects.editNamed', { product: r.product_name, species: r.species })}>
                      {t('sideEffects.edit')}
                    </Button>
                    <Button variant="ghost" size="sm" disabled={!online} onClick={() => setDeleting(r)} aria-label={t('sideEffects.deleteNamed', { product: r.product_name, species: r.species })}>
                      {t('sideEffects.delete')}
                    </Button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Dialog open={editing !== null} onClose={() => setEditing(null)} title={editing === 'new' ? t('sideEffects.addTitle') : t('sideEffects.editTitle')}>
        {editing !== null && <SideEffectForm companyId={companyId} products={products.data ?? []} row={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />}
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        title={t('sideEffects.deleteTitle', { product: deleting?.product_name ?? '', species: deleting?.species ?? '' })}
        description={t('sideEffects.deleteBody')}
        confirmLabel={t('sideEffects.delete')}
        destructive
        loading={remove.isPending}
        onConfirm={onDelete}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
