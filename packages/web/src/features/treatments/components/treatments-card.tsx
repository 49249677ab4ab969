import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Treatment } from '@verdant/contract';
import { Badge, Button, Card, ConfirmDialog, Dialog, EmptyState, ErrorState, LoadingState, useToast } from '../../../components/ui';
import { errorMessage } from '../../../api/api-error';
import { sprayProductsQuery, treatmentsQuery } from '../../../api/queries/treatments';
import { useToggleTreatment } from '../api/use-treatments';
import { TreatmentForm } from './treatment-form';

/** The company's treatments (a type of crop protection per product); deleted ones can be restored (a toggle). */
export function TreatmentsCard({ companyId, canEdit, online }: { companyId: number; canEdit: boolean; online: boolean }) {
  const { t } = useTranslation('treatments');
  const toast = useToast();
  const treatments = useQuery({ ...treatmentsQuery(companyId), enabled: companyId > 0 });
  const products = useQuery({ ...sprayProductsQuery(companyId), enabled: companyId > 0 });
  const toggle = useToggleTreatment(companyId);
  const [editing, setEditing] = useState<Treatment | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Treatment | null>(null);

  const flip = (tr: Treatment, after?: () => void) =>
    toggle.mutate(
      { type: tr.treatment_type, productId: tr.product_id },
      {
        onSuccess: (now) => {
          toast.success(now.is_deleted ? t('treatments.deleted', { name: now.product_name }) : t('treatments.restored', { name: now.product_name }));
          after?.();
        },
        onError: (err) => toast.danger(errorMessage(err)),
      },
    );

  const noProducts = (products.data?.length ?? 0) === 0;
  const add = canEdit && (
    <Button onClick={() => setEditing('new')} disabled={!online || noProducts}>
      {t('treatments.add')}
    </Button>
  );

  return (
    <Card title={t('treatments.title')} description={t('treatments.description')} actions={treatments.data?.length ? add : undefined} padded={false}>
      {treatments.isPending ? (
        <LoadingState />
      ) : treatments.isError ? (
        <div className="p-4">
          <ErrorState error={treatments.error} onRetry={() => void treatments.refetch()} />
        </div>
      ) : treatments.data.length === 0 ? (
        <div className="p-4">
          <EmptyState
            title={t('treatments.emptyTitle')}
            description={!canEdit ? t('treatments.emptyRegular') : noProducts ? t('treatments.emptyNoProducts') : t('treatments.emptyAdmin')}
            action={add || undefined}
          />
        </div>
      ) : (
        <ul className="divide-y divide-stone-200" aria-label={t('treatments.title')}>
          {treatments.data.map((tr) => (
            <li key={tr.treatment_id} data-testid="treatment" className="flex flex-wrap items-start justify-between gap-3 px-4 py-3 sm:px-5">
              <div className={tr.is_deleted ? 'min-w-0 flex-1 opacity-70' : 'min-w-0 flex-1'}>
                <p className="flex flex-wrap items-center gap-2 font-medium text-stone-900">
                  {tr.product_name}
                  <Badge tone="brand">{t(`types.${tr.treatment_type}`)}</Badge>
                  {tr.is_deleted && <Badge tone="danger">{t('treatments.deletedBadge')}</Badge>}
                </p>
                {tr.sub_type && <p className="mt-0.5 text-sm text-stone-700">{tr.sub_type}</p>}
                {tr.notes && <p className="mt-0.5 whitespace-pre-line text-sm text-stone-600">{tr.notes}</p>}
              </div>
              {canEdit && (
                <div className="flex gap-2">
                  {!tr.is_deleted && (
                    <Button variant="secondary" size="sm" disabled={!online} onClick={() => setEditing(tr)} aria-label={t('treatments.editNamed', { name: tr.product_name })}>
                      {t('treatments.edit')}
                    </Button>
                  )}
                  {tr.is_deleted ? (
                    <Button variant="secondary" size="sm" disabled={!online} loading={toggle.isPending && toggle.variables?.productId === tr.product_id} onClick={() => flip(tr)}>
                      {t('treatments.restore')}
                    </Button>
                  ) : (
                    <Button variant="ghost" size="sm" disabled={!online} onClick={() => setDeleting(tr)} aria-label={t('treatments.deleteNamed', { name: tr.product_name })}>
                      {t('treatments.delete')}
                    </Button>
                  )}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}

      <Dialog open={editing !== null} onClose={() => setEditing(null)} title={editing === 'new' ? t('treatments.addTitle') : t('treatments.editTitle')}>
        {editing !== null && (
          <TreatmentForm companyId={companyId} products={products.data ?? []} treatment={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
        )}
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        title={t('treatments.deleteTitle', { name: deleting?.product_name ?? '' })}
        description={t('treatments.deleteBody')}
        confirmLabel={t('treatments.delete')}
        destructive
        loading={toggle.isPending}
        onConfirm={() => deleting && flip(deleting, () => setDeleting(null))}
        onCancel={() => setDeleting(null)}
      />
    </Card>
  );
}
