import { useMemo, useState } from 'react';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ButtonLink, Card, EmptyState, ErrorState, LoadingState, PageHeader, ScrollRegion, Select } from '../../../components/ui';
import { useAuth } from '../../../state/hooks';
import { batchesQuery, roomBatchesQuery } from '../../../api/queries/batches';
import { roomListQuery } from '../../../api/queries/rooms';
import { traysQuery } from '../../../api/queries/trays';
import { availabilityByVariety, groupInventory, growingBatches, type InventoryRow } from '../lib/group';
import { TemplatesCard, TraysCard } from './trays-card';
import { paths } from '../../../lib/paths';

type GroupBy = 'crop' | 'room' | 'status';

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
  const [groupBy, setGroupBy] = useState<GroupBy>('crop');
  const batches = useQuery({ ...batchesQuery(companyId), enabled: companyId > 0 });
  const trays = useQuery({ ...traysQuery(companyId), enabled: companyId > 0 });
  const rooms = useQuery({ ...roomListQuery(companyId), enabled: companyId > 0 && groupBy === 'room' });
  const roomBatches = useQueries({
    queries: (groupBy === 'room' ? (rooms.data ?? []) : []).map((r) => roomBatchesQuery(companyId, r.RoomID)),
  });

  const growing = useMemo(() => growingBatches(batches.data ?? []), [batches.data]);
  const rows: InventoryRow[] = useMemo(() => {
    if (groupBy !== 'room') return groupInventory(groupBy === 'status' ? (batches.data ?? []) : growing, trays.data ?? [], groupBy, t('noBatch'));
    return (rooms.data ?? []).map((r, i) => {
      const inRoom = growingBatches(roomBatches[i]?.data ?? []);
      return { key: r.Name, batches: inRoom.length, plants: inRoom.reduce((n, b) => n + b.NumberOfPlants, 0), trays: 0, trayPlants: 0 };
    });
  }, [groupBy, batches.data, growing, trays.data, rooms.data, roomBatches, t]);
  const availability = useMemo(() => availabilityByVariety(batches.data ?? []), [batches.data]);
  const label = (key: string) => (groupBy === 'status' ? t(`status.${key}`, { defaultValue: key }) : key || t('noStrain'));

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t('title')} description={t('description')} actions={<ButtonLink variant="secondary" to={paths.batches}>{t('toBatches')}</ButtonLink>} />
      {batches.isPending ? (
        <LoadingState />
      ) : batches.isError ? (
        <ErrorState error={batches.error} onRetry={() => void batches.refetch()} />
      ) : (
        <>
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {[
              [t('summary.growingBatches'), growing.length],
              [t('summary.growingPlants'), growing.reduce((n, b) => n + b.NumberOfPlants, 0)],
              [t('summary.trays'), trays.data?.length ?? '…'],
              [t('summary.ready'), availability.reduce((n, r) => n + r.available, 0)],
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
              <Select label={t('stock.groupBy')} value={groupBy} onChange={(e) => setGroupBy(e.target.value as GroupBy)} options={(['crop', 'room', 'status'] as const).map((g) => ({ value: g, label: t(`stock.by.${g}`) }))} />
            }
          >
            {groupBy === 'room' && (rooms.isPending || roomBatches.some((q) => q.isPending)) ? (
              <LoadingState />
            ) : rows.length === 0 ? (
              <div className="p-4">
                <EmptyState title={t('stock.emptyTitle')} description={t('stock.emptyDescription')} action={<ButtonLink to={paths.batches}>{t('toBatches')}</ButtonLink>} />
              </div>
            ) : (
              <Table
                label={t('stock.title')}
                head={groupBy === 'room' ? [t('stock.by.room'), t('cols.batches'), t('cols.plants')] : [t(`stock.by.${groupBy}`), t('cols.batches'), t('cols.plants'), t('cols.trays'), t('cols.trayPlants')]}
                rows={rows.map((r) => (groupBy === 'room' ? [label(r.key), r.batches, r.plants] : [label(r.key), r.batches, r.plants, r.trays, r.trayPlants]))}
              />
            )}
          </Card>

          <Card title={t('availability.title')} description={t('availability.description')} padded={false}>
            {availability.length === 0 ? (
              <div className="p-4">
                <EmptyState title={t('availability.emptyTitle')} description={t('availability.emptyDescription')} />
              </div>
            ) : (
              <Table
                label={t('availability.title')}
                head={[t('availability.variety'), t('cols.batches'), t('cols.plants'), t('availability.preBooked'), t('availability.available')]}
                rows={availability.map((r) => [r.variety || t('noStrain'), r.batches, r.plants, r.preBooks, r.available])}
              />
            )}
          </Card>

          <div className="grid gap-4 lg:grid-cols-2">
            <TraysCard companyId={companyId} userId={userId ?? 0} batches={growing} />
            <TemplatesCard companyId={companyId} userId={userId ?? 0} batches={growing} canDelete={userRole === 'Admin' || userRole === 'SuperAdmin'} />
          </div>
        </>
      )}
    </div>
  );
}
