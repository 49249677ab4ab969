import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Batch } from '@verdant/contract';
import {
  Alert,
  Button,
  ButtonLink,
  ConfirmDialog,
  EmptyState,
  ErrorState,
  Input,
  LoadingState,
  PageHeader,
  Select,
  useToast,
} from '../../../components/ui';
import { Icon } from '../../../components/icons';
import { errorMessage } from '../../../api/api-error';
import { useAuth } from '../../../state/hooks';
import { batchIdsByRoomQuery, batchStatusesQuery, batchesQuery } from '../../../api/queries/batches';
import { roomListQuery } from '../../../api/queries/rooms';
import { useAssignStatus, useDeleteBatch } from '../api/use-batches';
import { pickableStatuses } from '../lib/batch-status';
import { useFormatDay } from '../../../lib/format-date';
import { BatchFormDialog } from './batch-form-dialog';
import { BatchQrDialog } from './batch-qr-dialog';
import { BatchStatusBadge, useStatusLabel } from './batch-status-badge';
import { CustomStatusesDialog } from './custom-statuses-dialog';
import { paths } from '../../../lib/paths';

interface Filters {
  status: string;
  roomId: string;
  strain: string;
  search: string;
}

export function filterBatches(batches: readonly Batch[], f: Filters, roomBatchIds: readonly number[] | undefined): Batch[] {
  const q = f.search.trim().toLowerCase();
  return batches.filter(
    (b) =>
      (!f.status || b.BatchStatus === f.status) &&
      (!f.strain || b.StrainName === f.strain) &&
      (!f.roomId || (roomBatchIds?.includes(b.BatchID) ?? false)) &&
      (!q || b.BatchNumber.toLowerCase().includes(q) || b.StrainName.toLowerCase().includes(q)),
  );
}

function BulkBar({ companyId, selected, statuses, onDone }: { companyId: number; selected: number[]; statuses: string[]; onDone: () => void }) {
  const { t } = useTranslation('batches');
  const toast = useToast();
  const assign = useAssignStatus(companyId);
  const label = useStatusLabel();
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <div role="region" aria-label={t('bulk.region')} className="sticky bottom-16 z-10 mb-4 flex flex-col gap-3 rounded-xl border border-brand-200 bg-brand-50 p-3 shadow-sm md:bottom-2 sm:flex-row sm:flex-wrap sm:items-end">
      <p className="text-sm font-semibold text-brand-900 sm:self-center">{t('bulk.selected', { count: selected.length })}</p>
      <Select
        label={t('bulk.newStatus')}
        value={status}
        placeholder={t('bulk.pickStatus')}
        onChange={(e) => setStatus(e.target.value)}
        options={statuses.map((s) => ({ value: s, label: label(s) }))}
      />
      <Button
        disabled={!status}
        loading={assign.isPending}
        onClick={() => {
          setError(null);
          assign.mutate(
            { status, ids: selected },
            {
              onSuccess: (res) => {
                toast.success(t('bulk.done', { count: res.changed, status: label(res.batch_status) }));
                onDone();
              },
              onError: (err) => setError(errorMessage(err)),
            },
          );
        }}
      >
        {t('bulk.apply')}
      </Button>
      <ButtonLink variant="secondary" to={paths.batchLabels(selected)}>
        {t('bulk.printLabels')}
      </ButtonLink>
      <Button variant="ghost" onClick={onDone}>
        {t('bulk.clear')}
      </Button>
      {error && (
        <Alert tone="danger" className="w-full">
          {error}
        </Alert>
      )}
    </div>
  );
}

function BatchRow({
  batch,
  checked,
  onToggle,
  onEdit,
  onQr,
  onDelete,
}: {
  batch: Batch;
  checked: boolean;
  onToggle: () => void;
  onEdit: () => void;
  onQr: () => void;
  onDelete?: () => void;
}) {
  const { t } = useTranslation('batches');
  const day = useFormatDay();
  return (
    <li className="flex gap-3 rounded-xl border border-stone-200 bg-white p-3 shadow-xs sm:items-center sm:p-4">
      <label className="-m-2 flex size-11 shrink-0 cursor-pointer items-center justify-center">
        <input type="checkbox" className="size-5 accent-brand-700" checked={checked} onChange={onToggle} aria-label={t('list.select', { number: batch.BatchNumber })} />
      </label>
      <div className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <Link to={paths.batch(batch.BatchID)} className="text-base font-semibold text-stone-900 underline-offset-2 hover:underline">
              {batch.BatchNumber}
            </Link>
            <BatchStatusBadge status={batch.BatchStatus} color={batch.Color} />
          </div>
          <p className="mt-0.5 text-sm text-stone-600">
            {[batch.StrainName || t('list.noStrain'), t('list.plants', { count: batch.NumberOfPlants })].join(' · ')}
            {(batch.StartDate || batch.EndDate) && ` · ${batch.StartDate ? day(batch.StartDate) : '…'} – ${batch.EndDate ? day(batch.EndDate) : '…'}`}
          </p>
        </div>
        <div className="flex flex-wrap gap-1">
          <Button variant="secondary" size="md" onClick={onQr} aria-label={t('list.qrLabel', { number: batch.BatchNumber })}>
            {t('list.qr')}
          </Button>
          <Button variant="secondary" onClick={onEdit} aria-label={t('list.editLabel', { number: batch.BatchNumber })}>
            {t('common.edit')}
          </Button>
          {onDelete && (
            <Button variant="ghost" className="text-red-800 hover:bg-red-50" onClick={onDelete} aria-label={t('list.deleteLabel', { number: batch.BatchNumber })}>
              <Icon name="cross" className="size-5" />
            </Button>
          )}
        </div>
      </div>
    </li>
  );
}

export default function BatchesPage() {
  const { t } = useTranslation('batches');
  const toast = useToast();
  const { companyID, userRole } = useAuth();
  const companyId = companyID ?? 0;
  const isAdmin = userRole === 'Admin' || userRole === 'SuperAdmin';
  const label = useStatusLabel();

  const batches = useQuery({ ...batchesQuery(companyId), enabled: companyId > 0 });
  const statuses = useQuery({ ...batchStatusesQuery(companyId), enabled: companyId > 0 });
  const rooms = useQuery({ ...roomListQuery(companyId), enabled: companyId > 0 });
  const [filters, setFilters] = useState<Filters>({ status: '', roomId: '', strain: '', search: '' });
  const roomBatches = useQuery({ ...batchIdsByRoomQuery(companyId, Number(filters.roomId)), enabled: Boolean(filters.roomId) });
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<Batch | 'new' | null>(null);
  const [qrFor, setQrFor] = useState<Batch | null>(null);
  const [toDelete, setToDelete] = useState<Batch | null>(null);
  const [statusesOpen, setStatusesOpen] = useState(false);
  const remove = useDeleteBatch(companyId);

  const builtIn = statuses.data?.builtIn ?? [];
  const custom = (statuses.data?.custom ?? []).map((s) => s.status_name);
  const allStatuses = [...builtIn, ...custom];
  const strains = useMemo(() => [...new Set((batches.data ?? []).map((b) => b.StrainName).filter(Boolean))].sort(), [batches.data]);
  const shown = useMemo(() => filterBatches(batches.data ?? [], filters, roomBatches.data), [batches.data, filters, roomBatches.data]);
  const setFilter = (key: keyof Filters) => (e: { target: { value: string } }) => setFilters((f) => ({ ...f, [key]: e.target.value }));
  const toggle = (id: number) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));
  const filtered = Object.values(filters).some(Boolean);

  return (
    <div>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <>
            <Button variant="secondary" onClick={() => setStatusesOpen(true)}>
              {t('statuses.open')}
            </Button>
            <Button onClick={() => setEditing('new')}>{t('list.new')}</Button>
          </>
        }
      />

      <div className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4" role="search">
        <Input label={t('filters.search')} type="search" value={filters.search} onChange={setFilter('search')} placeholder={t('filters.searchPlaceholder')} />
        <Select label={t('filters.status')} value={filters.status} onChange={setFilter('status')}>
          <option value="">{t('filters.allStatuses')}</option>
          {allStatuses.map((s) => (
            <option key={s} value={s}>
              {label(s)}
            </option>
          ))}
        </Select>
        <Select label={t('filters.room')} value={filters.roomId} onChange={setFilter('roomId')}>
          <option value="">{t('filters.allRooms')}</option>
          {(rooms.data ?? []).map((r) => (
            <option key={r.RoomID} value={String(r.RoomID)}>
              {r.Name}
            </option>
          ))}
        </Select>
        <Select label={t('filters.strain')} value={filters.strain} onChange={setFilter('strain')}>
          <option value="">{t('filters.allStrains')}</option>
          {strains.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </Select>
      </div>

      {selected.length > 0 && (
        <BulkBar companyId={companyId} selected={selected} statuses={pickableStatuses(builtIn, custom)} onDone={() => setSelected([])} />
      )}

      {batches.isPending ? (
        <LoadingState />
      ) : batches.isError ? (
        <ErrorState error={batches.error} onRetry={() => void batches.refetch()} />
      ) : batches.data.length === 0 ? (
        <EmptyState title={t('list.emptyTitle')} description={t('list.emptyDescription')} action={<Button onClick={() => setEditing('new')}>{t('list.new')}</Button>} />
      ) : shown.length === 0 ? (
        <EmptyState
          title={t('list.noMatchTitle')}
          description={t('list.noMatchDescription')}
          action={
            <Button variant="secondary" onClick={() => setFilters({ status: '', roomId: '', strain: '', search: '' })}>
              {t('filters.clear')}
            </Button>
          }
        />
      ) : (
        <>
          <div className="mb-2 flex items-center justify-between gap-2 text-sm text-stone-600">
            <span>{filtered ? t('list.countFiltered', { shown: shown.length, count: batches.data.length }) : t('list.count', { count: batches.data.length })}</span>
            <Button
              variant="ghost"
              onClick={() => setSelected(selected.length === shown.length ? [] : shown.map((b) => b.BatchID))}
            >
              {selected.length === shown.length ? t('list.selectNone') : t('list.selectAll')}
            </Button>
          </div>
          <ul className="flex flex-col gap-2">
            {shown.map((b) => (
              <BatchRow
                key={b.BatchID}
                batch={b}
                checked={selected.includes(b.BatchID)}
                onToggle={() => toggle(b.BatchID)}
                onEdit={() => setEditing(b)}
                onQr={() => setQrFor(b)}
                onDelete={isAdmin ? () => setToDelete(b) : undefined}
              />
            ))}
          </ul>
        </>
      )}

      {editing && (
        <BatchFormDialog
          open
          companyId={companyId}
          batch={editing === 'new' ? null : editing}
          statuses={pickableStatuses(builtIn.length ? builtIn : ['Planned'], custom)}
          onClose={() => setEditing(null)}
        />
      )}
      <BatchQrDialog batch={qrFor} companyId={companyId} onClose={() => setQrFor(null)} />
      <CustomStatusesDialog
        open={statusesOpen}
        companyId={companyId}
        custom={custom}
        builtIn={builtIn}
        canDelete={isAdmin}
        onClose={() => setStatusesOpen(false)}
      />
      <ConfirmDialog
        open={Boolean(toDelete)}
        destructive
        title={t('delete.title', { number: toDelete?.BatchNumber ?? '' })}
        description={t('delete.description')}
        confirmLabel={t('delete.confirm')}
        loading={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() =>
          toDelete &&
          remove.mutate(toDelete.BatchID, {
            onSuccess: () => {
              toast.success(t('delete.done', { number: toDelete.BatchNumber }));
              setSelected((s) => s.filter((x) => x !== toDelete.BatchID));
            },
            onError: (err) => toast.danger(errorMessage(err)),
            onSettled: () => setToDelete(null),
          })
        }
      />
    </div>
  );
}
