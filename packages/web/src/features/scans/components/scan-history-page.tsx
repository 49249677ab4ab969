import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { SCAN_STATUSES, SCAN_TYPES, type ScanStatus, type ScanType } from '@verdant/contract';
import { scanHistoryQuery } from '../../../api/queries/scans';
import { roomListQuery } from '../../../api/queries/rooms';
import type { ScanHistoryFilter } from '../../../api/scans';
import { EmptyState, ErrorState, Input, LoadingState, PageHeader, Pager, Select } from '../../../components/ui';
import { useAuth } from '../../../state/hooks';
import { paths } from '../../../lib/paths';
import { QueuedScans } from './queued-scans';
import { ScanStatusBadge } from './scan-status-badge';

const PER_PAGE = 20;

function isScanType(v: string | undefined): v is ScanType {
  return (SCAN_TYPES as readonly string[]).includes(v ?? '');
}

/** scanHistory/{scanType?}: the company's scans by type, with room, status and date filters, a page at a time. */
export default function ScanHistoryPage() {
  const { t, i18n } = useTranslation('scans');
  const { companyID, userId } = useAuth();
  const companyId = companyID ?? 0;
  const navigate = useNavigate();
  const params = useParams();
  const scanType = isScanType(params.scanType) ? params.scanType : 'all';
  const [filter, setFilter] = useState<Omit<ScanHistoryFilter, 'scanType'>>({});
  const [page, setPage] = useState(0);
  const rooms = useQuery(roomListQuery(companyId));
  const history = useQuery(scanHistoryQuery(companyId, { ...filter, scanType }, page + 1));
  const change = (next: Omit<ScanHistoryFilter, 'scanType'>) => {
    setFilter(next);
    setPage(0);
  };
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title={t('history.title')}
        description={t('history.description')}
        actions={<Link className="text-sm font-medium text-green-800 underline" to={paths.scanNow}>{t('now.title')}</Link>}
      />
      <QueuedScans userId={userId} companyId={companyId} />
      <div className="mb-4 grid gap-3 sm:grid-cols-5">
        <Select
          label={t('history.type')}
          value={scanType}
          options={[{ value: 'all', label: t('type.all') }, ...SCAN_TYPES.map((s) => ({ value: s, label: t(`type.${s}`) }))]}
          onChange={(e) => {
            setPage(0);
            void navigate(e.target.value === 'all' ? paths.scanHistory : `${paths.scanHistory}/${e.target.value}`);
          }}
        />
        <Select
          label={t('place.room')}
          value={filter.roomId ? String(filter.roomId) : ''}
          options={[{ value: '', label: t('history.anyRoom') }, ...(rooms.data ?? []).map((r) => ({ value: String(r.RoomID), label: r.Name }))]}
          onChange={(e) => change({ ...filter, roomId: e.target.value ? Number(e.target.value) : undefined })}
        />
        <Select
          label={t('history.status')}
          value={filter.status ?? ''}
          options={[{ value: '', label: t('history.anyStatus') }, ...SCAN_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))]}
          onChange={(e) => change({ ...filter, status: (e.target.value || undefined) as ScanStatus | undefined })}
        />
        <Input label={t('history.from')} type="date" value={filter.startDate ?? ''} onChange={(e) => change({ ...filter, startDate: e.target.value || undefined })} />
        <Input label={t('history.to')} type="date" value={filter.endDate ?? ''} onChange={(e) => change({ ...filter, endDate: e.target.value || undefined })} />
      </div>
      {history.isPending ? (
        <LoadingState />
      ) : history.isError ? (
        <ErrorState error={history.error} onRetry={() => void history.refetch()} />
      ) : history.data.scans.length === 0 ? (
        <EmptyState title={t('history.empty')} description={t('history.emptyHelp')} />
      ) : (
        <>
          <ul className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white" aria-label={t('history.title')}>
            {history.data.scans.map((s) => (
              <li key={s.scan_id}>
                <Link className="flex flex-wrap items-center justify-between gap-2 p-3 hover:bg-stone-50" to={`${paths.scanHistory}/${s.scan_type}/${s.scan_id}`}>
                  <span className="min-w-0">
                    <span className="block font-medium text-stone-900">
                      {[s.RoomName, s.GridName, s.BoxName].filter(Boolean).join(' › ') || t(`type.${s.scan_type}`)}
                    </span>
                    <span className="block text-sm text-stone-600">
                      {date.format(new Date(s.captured_at))} · {s.problems.length > 0 ? s.problems.join(', ') : t('history.noProblems')}
                    </span>
                  </span>
                  <ScanStatusBadge status={s.status} />
                </Link>
              </li>
            ))}
          </ul>
          <Pager
            page={page}
            limit={PER_PAGE}
            total={history.data.total}
            label={t('history.pages')}
            range={(r) => t('history.range', r)}
            previousLabel={t('history.previous')}
            nextLabel={t('history.next')}
            onPage={setPage}
          />
        </>
      )}
    </div>
  );
}
