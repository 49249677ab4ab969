import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { ScanDetection } from '@verdant/contract';
import { deleteScan } from '../../../api/scans';
import { scanDetailsQuery, scanKeys } from '../../../api/queries/scans';
import { invalidateProblems } from '../../../api/queries/problems';
import { Button, ConfirmDialog, ErrorState, LoadingState, PageHeader, useToast } from '../../../components/ui';
import { useAuth } from '../../../state/hooks';
import { paths } from '../../../lib/paths';
import { ScanResult } from './scan-result';
import { DeviceComparison } from './device-comparison';
import { ModelAgreementWarning } from './model-agreement-warning';

/** scanHistory/{scanType}/{scanHistoryID}: one scan with its regions drawn, its detections to review, delete. */
export default function ScanDetailPage() {
  const { t } = useTranslation('scans');
  const { companyID } = useAuth();
  const companyId = companyID ?? 0;
  const scanId = Number(useParams().scanHistoryID);
  const navigate = useNavigate();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const valid = Number.isInteger(scanId) && scanId > 0;
  const scan = useQuery({ ...scanDetailsQuery(companyId, scanId), enabled: valid });
  const remove = useMutation({
    mutationFn: () => deleteScan(companyId, scanId),
    onSuccess: (res) => {
      toast.success(res.message);
      void queryClient.invalidateQueries({ queryKey: scanKeys.all(companyId) });
      void invalidateProblems(queryClient, companyId);
      void navigate(paths.scanHistory);
    },
    onError: (err) => toast.danger(err instanceof Error ? err.message : String(err)),
  });
  const reviewed = (d: ScanDetection) =>
    queryClient.setQueryData(scanDetailsQuery(companyId, scanId).queryKey, (s) =>
      s
        ? { ...s, detections: s.detections.some((x) => x.detection_id === d.detection_id) ? s.detections.map((x) => (x.detection_id === d.detection_id ? d : x)) : [...s.detections, d] }
        : s,
    );

  if (!valid) {
    return (
      <div className="mx-auto max-w-4xl">
        <PageHeader title={t('history.title')} />
        <ErrorState error={new Error(t('detail.notFound'))} />
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        title={t('detail.title', { id: scanId })}
        description={scan.data ? [scan.data.RoomName, scan.data.GridName, scan.data.BoxName].filter(Boolean).join(' › ') : undefined}
        actions={
          <Button variant="danger" disabled={!scan.data || remove.isPending} onClick={() => setConfirming(true)}>
            {t('detail.delete')}
          </Button>
        }
      />
      {scan.isPending ? (
        <LoadingState />
      ) : scan.isError ? (
        <ErrorState error={scan.error} onRetry={() => void scan.refetch()} />
      ) : (
        <>
          <ModelAgreementWarning companyId={companyId} scanId={scanId} />
          <ScanResult companyId={companyId} scan={scan.data} onReviewed={reviewed} />
          <DeviceComparison scan={scan.data} />
        </>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('detail.deleteTitle')}
        description={t('detail.deleteHelp')}
        confirmLabel={t('detail.delete')}
        onConfirm={() => {
          setConfirming(false);
          remove.mutate();
        }}
        onCancel={() => setConfirming(false)}
        destructive
      />
    </div>
  );
}
