import { useState } from 'react';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { deviceToday, type Batch } from '@verdant/contract';
import { Alert, Badge, Button, ButtonLink, Card, ErrorState, LoadingState, PageHeader, Select, useToast } from '../../../components/ui';
import { errorMessage } from '../../../api/api-error';
import { useAuth } from '../../../state/hooks';
import {
  batchDashboardQuery,
  batchDetailQuery,
  batchMovesQuery,
  batchProblemsQuery,
  batchRoomsQuery,
  batchStatusesQuery,
} from '../../../api/queries/batches';
import { useChangeStatus } from '../api/use-batch-info';
import { pickableStatuses } from '../lib/batch-status';
import { useFormatDate, useFormatDay } from '../../../lib/format-date';
import { BatchChartsCard } from './batch-charts-card';
import { BatchFormDialog } from './batch-form-dialog';
import { BatchLinksCard } from './batch-links-card';
import { BatchPlantsCard } from './batch-plants-card';
import { BatchProblemsCard } from './batch-problems-card';
import { BatchQrDialog } from './batch-qr-dialog';
import { BatchStatusBadge, useStatusLabel } from './batch-status-badge';
import { BatchTimelineCard } from './batch-timeline-card';
import { BatchTreatmentsCard } from './batch-treatments-card';
import { HarvestDialog } from './harvest-dialog';
import { MoveDialog } from './move-dialog';
import { paths } from '../../../lib/paths';

function StatusChanger({ batch, companyId, statuses }: { batch: Batch; companyId: number; statuses: string[] }) {
  const { t } = useTranslation('batches');
  const toast = useToast();
  const label = useStatusLabel();
  const change = useChangeStatus(companyId, batch.BatchID);
  // null = follow the batch; a pick stays until it is saved.
  const [picked, setPicked] = useState<string | null>(null);
  const status = picked ?? batch.BatchStatus;
  const [error, setError] = useState<string | null>(null);
  const options = statuses.includes(batch.BatchStatus) ? statuses : [batch.BatchStatus, ...statuses];
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <Select
          label={t('info.changeStatus')}
          value={status}
          disabled={batch.Harvested}
          onChange={(e) => setPicked(e.target.value)}
          options={options.map((s) => ({ value: s, label: label(s) }))}
          className="sm:min-w-48"
        />
        <Button
          disabled={batch.Harvested || status === batch.BatchStatus}
          loading={change.isPending}
          onClick={() => {
            setError(null);
            change.mutate(status, {
              onSuccess: (b) => {
                setPicked(null);
                toast.success(t('info.statusChanged', { status: label(b.BatchStatus) }));
              },
              onError: (err) => setError(errorMessage(err)),
            });
          }}
        >
          {t('info.saveStatus')}
        </Button>
      </div>
      {error && <Alert tone="danger">{error}</Alert>}
    </div>
  );
}

function Details({ batch }: { batch: Batch }) {
  const { t } = useTranslation('batches');
  const day = useFormatDay();
  const when = useFormatDate();
  const rows: Array<[string, string]> = [
    [t('fields.StrainName'), batch.StrainName || '—'],
    [t('fields.NumberOfPlants'), String(batch.NumberOfPlants)],
    [t('fields.PreBooks'), String(batch.PreBooks)],
    [t('fields.StartDate'), batch.StartDate ? day(batch.StartDate) : '—'],
    [t('fields.EndDate'), batch.EndDate ? day(batch.EndDate) : '—'],
    [t('info.created'), when(batch.CreatedAt)],
  ];
  if (batch.Harvested) {
    rows.push([t('info.harvestedAt'), batch.HarvestedAt ? when(batch.HarvestedAt) : '—']);
    const unit = batch.HarvestUnit ?? '';
    if (batch.HarvestWetWeight != null) rows.push([t('harvest.wet'), `${batch.HarvestWetWeight} ${unit}`]);
    if (batch.HarvestDryWeight != null) rows.push([t('harvest.dry'), `${batch.HarvestDryWeight} ${unit}`]);
  }
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
      {rows.map(([k, v]) => (
        <div key={k}>
          <dt className="text-stone-600">{k}</dt>
          <dd className="font-medium text-stone-900">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

export default function BatchInfoPage() {
  const { t } = useTranslation('batches');
  const { batchId: raw } = useParams();
  const batchId = Number(raw);
  const { companyID, userId } = useAuth();
  const companyId = companyID ?? 0;
  const valid = Number.isInteger(batchId) && batchId > 0;
  const detail = useQuery({ ...batchDetailQuery(companyId, batchId), enabled: valid && companyId > 0 });
  const statuses = useQuery({ ...batchStatusesQuery(companyId), enabled: companyId > 0 });
  const rooms = useQuery({ ...batchRoomsQuery(companyId, batchId), enabled: valid });
  const [range, setRange] = useState<{ from: string; to: string }>({ from: '', to: deviceToday() });
  const dashboard = useQuery({ ...batchDashboardQuery(companyId, batchId, range.from, range.to), enabled: valid && companyId > 0 });
  const allProblems = useQuery({ ...batchProblemsQuery(companyId, batchId, true), enabled: valid && companyId > 0 });
  const roomIds = (rooms.data ?? []).map((r) => r.RoomID);
  const moves = useQuery({ ...batchMovesQuery(companyId, batchId, roomIds), enabled: roomIds.length > 0 });
  const [dialog, setDialog] = useState<'harvest' | 'move' | 'qr' | 'edit' | null>(null);

  if (!valid) return <ErrorState error={t('info.badId')} />;
  if (detail.isPending) return <LoadingState />;
  if (detail.isError)
    return (
      <div className="flex flex-col gap-4">
        <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />
        <ButtonLink variant="secondary" to={paths.batches} className="self-start">
          {t('info.back')}
        </ButtonLink>
      </div>
    );

  const batch = detail.data.batch;
  const builtIn = statuses.data?.builtIn ?? [];
  const custom = (statuses.data?.custom ?? []).map((s) => s.status_name);
  const readOnly = batch.Harvested;

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        className="mb-2"
        title={t('info.title', { number: batch.BatchNumber })}
        description={
          <span className="inline-flex flex-wrap items-center gap-2">
            <BatchStatusBadge status={batch.BatchStatus} color={batch.Color} />
            {readOnly && <Badge tone="info">{t('harvested.badge')}</Badge>}
            {batch.StrainName && <span>{batch.StrainName}</span>}
          </span>
        }
        actions={
          <>
            <ButtonLink variant="ghost" to={paths.batches}>
              {t('info.back')}
            </ButtonLink>
            <Button variant="secondary" onClick={() => setDialog('qr')}>
              {t('list.qr')}
            </Button>
            <Button variant="secondary" onClick={() => setDialog('edit')}>
              {t('common.edit')}
            </Button>
            <Button onClick={() => setDialog('harvest')} disabled={readOnly}>
              {t('harvest.open')}
            </Button>
          </>
        }
      />
      {readOnly && <Alert tone="info" title={t('harvested.badge')}>{t('harvested.readOnly')}</Alert>}

      <div className="grid gap-4 lg:grid-cols-2">
        <Card title={t('info.details')}>
          <Details batch={batch} />
          <div className="mt-4 border-t border-stone-200 pt-4">
            <StatusChanger batch={batch} companyId={companyId} statuses={pickableStatuses(builtIn, custom)} />
          </div>
        </Card>
        <BatchLinksCard companyId={companyId} batchId={batchId} readOnly={readOnly} onMove={() => setDialog('move')} />
        <BatchPlantsCard companyId={companyId} batchId={batchId} userId={userId ?? 0} readOnly={readOnly} />
        <BatchProblemsCard companyId={companyId} batchId={batchId} userId={userId ?? 0} />
      </div>
      <BatchChartsCard from={range.from} to={range.to} onRange={(from, to) => setRange({ from, to })} dashboard={dashboard} />
      <BatchTreatmentsCard dashboard={dashboard} today={deviceToday()} />
      <BatchTimelineCard
        companyId={companyId}
        batch={batch}
        statusTimeline={dashboard.data?.status_timeline ?? []}
        moves={moves.data ?? []}
        problems={allProblems.data ?? []}
      />

      {dialog === 'harvest' && <HarvestDialog open batch={batch} companyId={companyId} userId={userId ?? 0} onClose={() => setDialog(null)} />}
      {dialog === 'move' && <MoveDialog open batch={batch} companyId={companyId} onClose={() => setDialog(null)} />}
      {dialog === 'edit' && (
        <BatchFormDialog open companyId={companyId} batch={batch} statuses={pickableStatuses(builtIn.length ? builtIn : ['Planned'], custom)} onClose={() => setDialog(null)} />
      )}
      <BatchQrDialog batch={dialog === 'qr' ? batch : null} companyId={companyId} onClose={() => setDialog(null)} />
    </div>
  );
}
