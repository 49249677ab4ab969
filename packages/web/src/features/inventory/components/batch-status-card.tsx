import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DAY_MS, type CropStatusBatch } from '@verdant/contract';
import { Card, EmptyState, ErrorState, LoadingState, ScrollRegion, Select } from '../../../components/ui';
import { batchStatusesQuery } from '../../../api/queries/batches';
import { READY_STATUSES, cropStatusQuery, openBatchStatuses } from '../../../api/queries/crop-reports';
import { paths } from '../../../lib/paths';


/** Whole days from `since` to now; a status set in the future (a wrong clock) counts as today. */
const daysSince = (since: string, now: number) => Math.max(0, Math.floor((now - Date.parse(since)) / DAY_MS));

/** The growing batches of one status, where they are and how long they have had it: the longest first. */
export function BatchStatusCard({ companyId }: { companyId: number }) {
  const { t } = useTranslation('inventory');
  const statuses = useQuery({ ...batchStatusesQuery(companyId), enabled: companyId > 0 });
  const open = useMemo(() => (statuses.data ? openBatchStatuses(statuses.data) : []), [statuses.data]);
  const [picked, setPicked] = useState(READY_STATUSES[0]!);
  const status = open.includes(picked) ? picked : (open[0] ?? '');
  const report = useQuery({ ...cropStatusQuery(companyId, [status]), enabled: companyId > 0 && status !== '' });
  const now = Date.now();
  const rows = useMemo(
    () => [...(report.data?.data ?? [])].sort((a: CropStatusBatch, b: CropStatusBatch) => a.status_since.localeCompare(b.status_since)),
    [report.data],
  );
  const statusLabel = (s: string) => t(`status.${s}`, { defaultValue: s });
  const failed = statuses.isError ? statuses : report.isError ? report : null;

  return (
    <Card
      title={t('byStatus.title')}
      description={t('byStatus.description')}
      padded={false}
      actions={
        <Select label={t('byStatus.status')} value={status} onChange={(e) => setPicked(e.target.value)} options={open.map((s) => ({ value: s, label: statusLabel(s) }))} />
      }
    >
      {failed ? (
        <div className="p-4">
          <ErrorState error={failed.error} onRetry={() => void failed.refetch()} />
        </div>
      ) : statuses.isPending || report.isPending ? (
        <LoadingState />
      ) : rows.length === 0 ? (
        <div className="p-4">
          <EmptyState title={t('byStatus.emptyTitle', { status: statusLabel(status) })} description={t('byStatus.emptyDescription')} />
        </div>
      ) : (
        <ScrollRegion label={t('byStatus.title')}>
          <table className="w-full min-w-[34rem] text-left text-sm">
            <thead className="bg-stone-50 text-stone-700">
              <tr>
                <th scope="col" className="px-4 py-2 font-semibold">{t('byStatus.batch')}</th>
                <th scope="col" className="px-4 py-2 font-semibold">{t('availability.variety')}</th>
                <th scope="col" className="px-4 py-2 text-right font-semibold">{t('cols.plants')}</th>
                <th scope="col" className="px-4 py-2 font-semibold">{t('byStatus.rooms')}</th>
                <th scope="col" className="px-4 py-2 text-right font-semibold">{t('byStatus.since')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {rows.map((b) => (
                <tr key={b.batch_id}>
                  <th scope="row" className="px-4 py-2 font-medium">
                    <Link to={paths.batch(b.batch_id)} className="text-brand-800 underline-offset-2 hover:underline">
                      {b.batch_number}
                    </Link>
                  </th>
                  <td className="px-4 py-2">{b.strain_name || t('noStrain')}</td>
                  <td className="px-4 py-2 text-right tabular-nums">{b.number_of_plants}</td>
                  <td className="px-4 py-2 text-stone-700">{b.rooms.length ? b.rooms.map((r) => r.name).join(', ') : t('byStatus.noRoom')}</td>
                  <td className="px-4 py-2 text-right tabular-nums">{t('byStatus.days', { count: daysSince(b.status_since, now) })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </Card>
  );
}
