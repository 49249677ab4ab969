import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Card, ErrorState, LoadingState, ScrollRegion, Select } from '../../../components/ui';
import { cropStatusByVarietyQuery } from '../../../api/queries/crop-reports';

/** One variety through its statuses, harvested and destroyed batches included: where that crop stands. */
export function VarietyStatusCard({ companyId, varieties }: { companyId: number; varieties: readonly string[] }) {
  const { t } = useTranslation('inventory');
  const [picked, setPicked] = useState('');
  const variety = varieties.includes(picked) ? picked : (varieties[0] ?? '');
  const report = useQuery({ ...cropStatusByVarietyQuery(companyId, [variety]), enabled: companyId > 0 && variety !== '' });
  const row = report.data?.data[0];

  return (
    <Card
      title={t('byVariety.title')}
      description={t('byVariety.description')}
      padded={false}
      actions={<Select label={t('availability.variety')} value={variety} onChange={(e) => setPicked(e.target.value)} options={varieties.map((v) => ({ value: v, label: v }))} />}
    >
      {report.isError ? (
        <div className="p-4">
          <ErrorState error={report.error} onRetry={() => void report.refetch()} />
        </div>
      ) : report.isPending || !row ? (
        <LoadingState />
      ) : (
        <ScrollRegion label={t('byVariety.title')}>
          <table className="w-full min-w-[24rem] text-left text-sm">
            <thead className="bg-stone-50 text-stone-700">
              <tr>
                <th scope="col" className="px-4 py-2 font-semibold">{t('stock.by.status')}</th>
                <th scope="col" className="px-4 py-2 text-right font-semibold">{t('cols.batches')}</th>
                <th scope="col" className="px-4 py-2 text-right font-semibold">{t('cols.plants')}</th>
                <th scope="col" className="px-4 py-2 text-right font-semibold">{t('availability.preBooked')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {row.statuses.map((s) => (
                <tr key={s.batch_status}>
                  <th scope="row" className="px-4 py-2 font-medium">{t(`status.${s.batch_status}`, { defaultValue: s.batch_status })}</th>
                  <td className="px-4 py-2 text-right tabular-nums">{s.batches}</td>
                  <td className="px-4 py-2 text-right tabular-nums">{s.plants}</td>
                  <td className="px-4 py-2 text-right tabular-nums">{s.pre_books}</td>
                </tr>
              ))}
              <tr className="bg-stone-50 font-semibold">
                <th scope="row" className="px-4 py-2">{t('byVariety.total')}</th>
                <td className="px-4 py-2 text-right tabular-nums">{row.batches}</td>
                <td className="px-4 py-2 text-right tabular-nums">{row.plants}</td>
                <td className="px-4 py-2 text-right tabular-nums">{row.pre_books}</td>
              </tr>
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </Card>
  );
}
