import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { REGISTER_LIST_PAGE } from '../../../api/register';
import { registerApplicationsQuery } from '../../../api/queries/register';
import { Button, Card, EmptyState, ErrorState, LoadingState, ScrollRegion } from '../../../components/ui';
import { useFormatDate } from '../../../lib/format-date';

/** The period's applications, a page at a time: what the exports will carry, to check before sending a file. */
export function ApplicationsList({ companyId, from, to, roomId }: { companyId: number; from: string; to: string; roomId?: number }) {
  const { t } = useTranslation('register');
  const formatDate = useFormatDate();
  const [page, setPage] = useState(0);
  const params = { from, to, roomId, offset: page * REGISTER_LIST_PAGE };
  const list = useQuery({ ...registerApplicationsQuery(companyId, params), enabled: companyId > 0 && from !== '' && to !== '' && from <= to });
  return (
    <Card title={t('list.title')} description={t('list.description')} padded={false}>
      {list.isPending ? (
        <LoadingState />
      ) : list.isError ? (
        <div className="p-4"><ErrorState error={list.error} onRetry={() => void list.refetch()} /></div>
      ) : list.data.applications.length === 0 ? (
        <div className="p-4"><EmptyState title={t('list.emptyTitle')} description={t('list.emptyBody')} /></div>
      ) : (
        <>
          <ScrollRegion label={t('list.title')}>
            <table className="w-full min-w-[48rem] text-left text-sm" data-testid="register-applications">
              <thead className="bg-stone-50 text-stone-700">
                <tr>
                  {(['date', 'products', 'quantities', 'crop', 'where', 'operator', 'noEntry'] as const).map((c) => (
                    <th key={c} scope="col" className="px-3 py-2 font-medium">{t(`list.${c}`)}</th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-200">
                {list.data.applications.map((a) => (
                  <tr key={a.application_id}>
                    <td className="px-3 py-2">{a.start_time ? formatDate(a.start_time) : a.date}</td>
                    <td className="px-3 py-2">{a.products}</td>
                    <td className="px-3 py-2">{a.quantities}</td>
                    <td className="px-3 py-2">{[a.crop_eppo, a.bbch === null ? null : `BBCH ${a.bbch}`].filter(Boolean).join(' · ') || '—'}</td>
                    <td className="px-3 py-2">{t('list.boxes', { rooms: a.rooms ?? '—', count: a.boxes_treated })}</td>
                    <td className="px-3 py-2">{a.operator ?? '—'}</td>
                    <td className="px-3 py-2">{a.no_entry_until ? formatDate(a.no_entry_until) : '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          <div className="flex justify-between gap-2 p-3">
            <Button variant="secondary" size="sm" disabled={page === 0} onClick={() => setPage((p) => p - 1)}>{t('list.previous')}</Button>
            <Button variant="secondary" size="sm" disabled={!list.data.has_more} onClick={() => setPage((p) => p + 1)}>{t('list.next')}</Button>
          </div>
        </>
      )}
    </Card>
  );
}
