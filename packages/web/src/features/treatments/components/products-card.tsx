import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SprayProduct } from '@verdant/contract';
import { Badge, Button, Card, ConfirmDialog, Dialog, EmptyState, ErrorState, LoadingState, useToast } from '../../../components/ui';
import { errorMessage } from '../../../api/api-error';
import { sprayProductsQuery } from '../../../api/queries/treatments';
import { useDeleteProduct } from '../api/use-products';
import { ProductForm } from './product-form';
import { ProductRegisterSummary } from './product-register-summary';

/** The company's spray products with their safety intervals; admins add, edit and delete them. */
export function ProductsCard({ companyId, canEdit, online }: { companyId: number; canEdit: boolean; online: boolean }) {
  const { t } = useTranslation('treatments');
  const toast = useToast();
  const products = useQuery({ ...sprayProductsQuery(companyId), enabled: companyId > 0 });
  const remove = useDeleteProduct(companyId);
  const [editing, setEditing] = useState<SprayProduct | 'new' | null>(null);
  const [deleting, setDeleting] = useState<SprayProduct | null>(null);

  const onDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.product_id, {
      onSuccess: () => {
        toast.success(t('products.deleted', { name: deleting.name }));
        setDeleting(null);
      },
      onError: (err) => toast.danger(errorMessage(err)),
    });
  };

  const add = canEdit && (
    <Button onClick={() => setEditing('new')} disabled={!online}>
      {t('products.add')}
    </Button>
  );

  return (
    <Card title={t('products.title')} description={t('products.description')} actions={products.data?.length ? add : undefined} padded={false}>
      {products.isPending ? (
        <LoadingState />
      ) : products.isError ? (
        <div className="p-4">
          <ErrorState error={products.error} onRetry={() => void products.refetch()} />
        </div>
      ) : products.data.length === 0 ? (
        <div className="p-4">
          <EmptyState title={t('products.emptyTitle')} description={canEdit ? t('products.emptyAdmin') : t('products.emptyRegular')} action={add || undefined} />
        </div>
      ) : (
        <ul className="divide-y divide-stone-200" aria-label={t('products.title')}>
          {products.data.map((p) => (
            <li key={p.product_id} data-testid="spray-product" className="flex flex-wrap items-start justify-between gap-3 px-4 py-3 sm:px-5">
              <div className="min-w-0 flex-1">
                <p className="font-medium text-stone-900">{p.name}</p>
                {p.details && <p className="mt-0.5 whitespace-pre-line text-sm text-stone-600">{p.details}</p>}
                <div className="mt-1.5 flex flex-wrap gap-1.5">
                  <Badge tone={p.reentry_interval_hours ? 'warning' : 'neutral'}>
                    {p.reentry_interval_hours === null ? t('products.noReentry') : t('products.reentryValue', { count: p.reentry_interval_hours })}
                  </Badge>
                  <Badge tone={p.preharvest_interval_days ? 'warning' : 'neutral'}>
                    {p.preharvest_interval_days === null ? t('products.noPreharvest') : t('products.preharvestValue', { count: p.preharvest_interval_days })}
                  </Badge>
                </div>
                <ProductRegisterSummary product={p} />
              </div>
              {canEdit && (
                <div className="flex gap-2">
                  <Button variant="secondary" size="sm" disabled={!online} onClick={() => setEditing(p)} aria-label={t('products.editNamed', { name: p.name })}>
                    {t('products.edit')}
                  </Button>
                  <Button variant="ghost" size="sm" disabled={!online} onClick={() => setDeleting(p)} aria-label={t('products.deleteNamed', { name: p.name })}>
                    {t('products.delete')}
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}

      <Dialog open={editing !== null} onClose={() => setEditing(null)} title={editing === 'new' ? t('products.addTitle') : t('products.editTitle')}>
        {editing !== null && <ProductForm companyId={companyId} product={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />}
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        title={t('products.deleteTitle', { name: deleting?.name ?? '' })}
        description={t('products.deleteBody')}
        confirmLabel={t('products.delete')}
        destructive
        loading={remove.isPending}
        onConfirm={onDelete}
        onCancel={() => setDeleting(null)}
      />
    </Card>
  );
}
