import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ADMIN_ROLES, type MeasurementType } from '@verdant/contract';
import { Badge, Button, ButtonLink, Card, ConfirmDialog, EmptyState, ErrorState, LoadingState, PageHeader, ScrollRegion, Select, useToast } from '@/components/ui';
import { cropsQuery } from '@/api/queries/crops';
import { measurementTypesQuery } from '@/api/queries/crop-registration';
import { errorMessage } from '@/api/api-error';
import { useAuth } from '@/state/hooks';
import { paths } from '@/lib/paths';
import { useDeleteMeasurementType } from '../api/use-crop-setup';
import { CropRegistrationNav } from './crop-registration-nav';
import { MeasurementTypeForm } from './measurement-type-form';

/**
 * The measurement types of each crop (tomato, cucumber, sweet pepper and a pot plant come with defaults): unit,
 * allowed range, decimals and how to measure, in the order the phone asks them. Everyone reads; Admins change,
 * add custom types and remove one (its past values stay) after confirming.
 */
export default function MeasurementTypesPage() {
  const { t } = useTranslation('crop-registration');
  const toast = useToast();
  const { companyID, userRole } = useAuth();
  const companyId = companyID ?? 0;
  const canEdit = Boolean(userRole && (ADMIN_ROLES as readonly string[]).includes(userRole));
  const crops = useQuery({ ...cropsQuery(companyId), enabled: companyId > 0 });
  const [chosen, setChosen] = useState<number | null>(null);
  const cropId = chosen ?? crops.data?.[0]?.crop_id ?? 0;
  const types = useQuery({ ...measurementTypesQuery(companyId, cropId), enabled: cropId > 0 });
  const remove = useDeleteMeasurementType(companyId);
  const [editing, setEditing] = useState<MeasurementType | 'new' | null>(null);
  const [removing, setRemoving] = useState<MeasurementType | null>(null);

  return (
    <div className="flex flex-col gap-4">
      <CropRegistrationNav />
      <PageHeader
        title={t('types.title')}
        description={t('types.description')}
        actions={
          canEdit && cropId > 0 ? (
            <Button onClick={() => setEditing('new')} disabled={!types.data}>
              {t('types.add')}
            </Button>
          ) : undefined
        }
      />
      {crops.isError ? (
        <ErrorState error={crops.error} onRetry={() => void crops.refetch()} />
      ) : crops.isPending ? (
        <LoadingState />
      ) : crops.data.length === 0 ? (
        <EmptyState title={t('types.noCropsTitle')} description={t('types.noCropsText')} action={<ButtonLink to={paths.crops}>{t('types.toCrops')}</ButtonLink>} />
      ) : (
        <>
          <div className="max-w-xs">
            <Select
              label={t('types.crop')}
              value={String(cropId)}
              options={crops.data.map((c) => ({ value: String(c.crop_id), label: c.name }))}
              onChange={(e) => setChosen(Number(e.target.value))}
            />
          </div>
          {types.isError ? (
            <ErrorState error={types.error} onRetry={() => void types.refetch()} />
          ) : types.isPending ? (
            <LoadingState />
          ) : types.data.length === 0 ? (
            <EmptyState
              title={t('types.emptyTitle')}
              description={canEdit ? t('types.emptyAdmin') : t('types.empty')}
              action={canEdit ? <Button onClick={() => setEditing('new')}>{t('types.add')}</Button> : undefined}
            />
          ) : (
            <Card padded={false}>
              <ScrollRegion label={t('types.title')}>
                <table className="w-full min-w-[52rem] text-left text-sm">
                  <thead className="bg-stone-50 text-stone-700">
                    <tr>
                      <th scope="col" className="px-4 py-2 font-semibold">{t('types.field.name')}</th>
                      <th scope="col" className="px-3 py-2 font-semibold">{t('types.field.unit')}</th>
                      <th scope="col" className="px-3 py-2 text-right font-semibold">{t('types.range')}</th>
                      <th scope="col" className="px-3 py-2 text-right font-semibold">{t('types.field.decimals')}</th>
                      <th scope="col" className="px-3 py-2 font-semibold">{t('types.field.how_to_measure')}</th>
                      {canEdit && <th scope="col" className="px-3 py-2"><span className="sr-only">{t('types.actions')}</span></th>}
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-stone-100">
                    {types.data.map((ty) => (
                      <tr key={ty.type_id} className="align-top">
                        <th scope="row" className="px-4 py-2 font-medium">
                          {ty.name}
                          <span className="mt-0.5 flex flex-wrap gap-1">
                            {ty.kind === 'truss_position' && <Badge tone="info">{t('types.kind.truss_position')}</Badge>}
                            {ty.measure && <Badge tone="brand">{t(`measure.${ty.measure}`)}</Badge>}
                            {!ty.is_default && <Badge>{t('types.custom')}</Badge>}
                          </span>
                        </th>
                        <td className="px-3 py-2">{ty.unit || '—'}</td>
                        <td className="px-3 py-2 text-right tabular-nums">
                          {ty.min} – {ty.max}
                        </td>
                        <td className="px-3 py-2 text-right tabular-nums">{ty.kind === 'truss_position' ? 1 : ty.decimals}</td>
                        <td className="max-w-md px-3 py-2 text-stone-700">{ty.how_to_measure || '—'}</td>
                        {canEdit && (
                          <td className="whitespace-nowrap px-3 py-2 text-right">
                            <Button variant="ghost" size="sm" onClick={() => setEditing(ty)} aria-label={t('types.editOne', { name: ty.name })}>
                              {t('types.edit')}
                            </Button>
                            <Button variant="ghost" size="sm" onClick={() => setRemoving(ty)} aria-label={t('types.removeOne', { name: ty.name })}>
                              {t('types.remove')}
                            </Button>
                          </td>
                        )}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </ScrollRegion>
            </Card>
          )}
        </>
      )}
      {editing && (
        <MeasurementTypeForm
          companyId={companyId}
          cropId={cropId}
          type={editing === 'new' ? null : editing}
          onClose={(saved) => {
            setEditing(null);
            if (saved) toast.success(t('types.saved', { name: saved }));
          }}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        destructive
        title={t('types.removeTitle')}
        description={removing ? t('types.removeText', { name: removing.name }) : ''}
        confirmLabel={t('types.remove')}
        loading={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          remove.mutate([removing.type_id], {
            onSuccess: () => {
              toast.success(t('types.removed', { name: removing.name }));
              setRemoving(null);
            },
            onError: (err) => {
              toast.danger(errorMessage(err));
              setRemoving(null);
            },
          })
        }
      />
    </div>
  );
}
