import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { PLANT_COUNT_GROUPS, type PlantCountGroup } from '@verdant/contract';
import { useTranslation } from 'react-i18next';
import { ButtonLink, Card, EmptyState, ErrorState, LoadingState, PageHeader, ScrollRegion, Select } from '../../../components/ui';
import { useAuth } from '../../../state/hooks';
import { plantCountQuery, readyToSellQuery } from '../../../api/queries/crop-reports';
import { traysQuery } from '../../../api/queries/trays';
import { TemplatesCard, TraysCard } from './trays-card';
import { BatchStatusCard } from './batch-status-card';
import { VarietyStatusCard } from './variety-status-card';
import { paths } from '../../../lib/paths';


function Table({ label, head, rows }: { label: string; head: string[]; rows: Array<Array<string | number>> }) {
  return (
    <ScrollRegion label={label}>
      <table className="w-full min-w-[28rem] text-left text-sm">
        <thead className="bg-stone-50 text-stone-700">
          <tr>
            {head.map((h, i) => (
              <th key={h} scope="col" className={`px-4 py-2 font-semibold ${i > 0 ? 'text-right' : ''}`}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {rows.map((r) => (
            <tr key={String(r[0])}>
              {r.map((c, i) =>
                i === 0 ? (
                  <th key={i} scope="row" className="px-4 py-2 font-medium">
                    {c}
                  </th>
                ) : (
                  <td key={i} className="px-4 py-2 text-right tabular-nums">
                    {c}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

export default function InventoryPage() {
  const { t } = useTranslation('inventory');
  const { companyID, userId, userRole } = useAuth();
  const companyId = companyID ?? 0;
  const enabled = companyId > 0;
  const [groupBy, setGroupBy] = useState<PlantCountGroup>('crop');
  // The figures are sums the server makes over the company's batches (crop reports), not the batch list.
  const byCrop = useQuery({ ...plantCountQuery(companyId, 'crop'), enabled });
  const grouped = useQuery({ ...plantCountQuery(companyId, groupBy), enabled });
  const ready = useQuery({ ...readyToSellQuery(companyId), enabled });
  const trays = useQuery({ ...traysQuery(companyId), enabled });

  const varieties = (byCrop.data?.data ?? []).map((r) => r.group).filter(Boolean);
  const label = (key: string) => (groupBy === 'status' ? t(`status.${key}`, { defaultValue: key }) : key || t('noStrain'));
  const stock = grouped.data;
  const rows: Array<Array<string | number>> = stock
    ? [
        ...stock.data.map((r) => [label(r.group), r.batches, r.plants, r.trays, r.tray_plants]),
        ...(groupBy !== 'room' && stock.summary.trays_without_batch > 0
          ? [[t('noBatch'), 0, 0, stock.summary.trays_without_batch, stock.summary.tray_plants_without_batch]]
          : []),
        // Growing plants in no room: the server counts their batches but not their trays per room.
        ...(groupBy === 'room' && stock.summary.batches_without_room > 0
          ? [[t('byStatus.noRoom'), stock.summary.batches_without_room, stock.summary.plants_without_room, '–', '–']]
          : []),
      ]
    : [];

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t('title')} description={t('description')} actions={<ButtonLink variant="secondary" to={paths.batches}>{t('toBatches')}</ButtonLink>} />
      {byCrop.isPending ? (
        <LoadingState />
      ) : byCrop.isError ? (
        <ErrorState error={byCrop.error} onRetry={() => void byCrop.refetch()} />
      ) : (
        <>
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {[
              [t('summary.growingBatches'), byCrop.data.summary.batches],
              [t('summary.growingPlants'), byCrop.data.summary.plants],
              [t('summary.trays'), trays.data?.length ?? '…'],
              [t('summary.ready'), ready.data?.summary.available ?? '…'],
            ].map(([k, v]) => (
              <div key={String(k)} className="rounded-xl border border-stone-200 bg-white p-4 shadow-xs">
                <p className="text-sm text-stone-600">{k}</p>
                <p className="text-2xl font-bold text-stone-900 tabular-nums">{v}</p>
              </div>
            ))}
          </div>

          <Card
            title={t('stock.title')}
            description={groupBy === 'status' ? t('stock.descriptionAll') : t('stock.description')}
            padded={false}
            actions={
              <Select
                label={t('stock.groupBy')}
                value={groupBy}
                onChange={(e) => setGroupBy(e.target.value as PlantCountGroup)}
                options={PLANT_COUNT_GROUPS.map((g) => ({ value: g, label: t(`stock.by.${g}`) }))}
              />
            }
          >
            {grouped.isPending ? (
              <LoadingState />
            ) : grouped.isError ? (
              <div className="p-4">
                <ErrorState error={grouped.error} onRetry={() => void grouped.refetch()} />
              </div>
            ) : rows.length === 0 ? (
              <div className="p-4">
                <EmptyState title={t('stock.emptyTitle')} description={t('stock.emptyDescription')} action={<ButtonLink to={paths.batches}>{t('toBatches')}</ButtonLink>} />
              </div>
            ) : (
              <Table label={t('stock.title')} head={[t(`stock.by.${groupBy}`), t('cols.batches'), t('cols.plants'), t('cols.trays'), t('cols.trayPlants')]} rows={rows} />
            )}
          </Card>

          <Card title={t('availability.title')} description={t('availability.description')} padded={false}>
            {ready.isPending ? (
              <LoadingState />
            ) : ready.isError ? (
              <div className="p-4">
                <ErrorState error={ready.error} onRetry={() => void ready.refetch()} />
              </div>
            ) : ready.data.data.length === 0 ? (
              <div className="p-4">
                <EmptyState title={t('availability.emptyTitle')} description={t('availability.emptyDescription')} />
              </div>
            ) : (
              <Table
                label={t('availability.title')}
                head={[t('availability.variety'), t('cols.batches'), t('cols.plants'), t('availability.preBooked'), t('availability.available')]}
                rows={ready.data.data.map((r) => [r.strain_name || t('noStrain'), r.batches, r.plants, r.pre_books, r.available])}
              />
            )}
          </Card>

          <BatchStatusCard companyId={companyId} />

          {varieties.length > 0 && <VarietyStatusCard companyId={companyId} varieties={varieties} />}

          <div className="grid gap-4 lg:grid-cols-2">
            <TraysCard companyId={companyId} userId={userId ?? 0} />
            <TemplatesCard companyId={companyId} userId={userId ?? 0} canDelete={userRole === 'Admin' || userRole === 'SuperAdmin'} />
          </div>
        </>
      )}
    </div>
  );
}
