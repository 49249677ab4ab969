import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ReviewAction, ScanDetection } from '@verdant/contract';
import { reviewScanDetection } from '../../../api/scans';
import { scanKeys } from '../../../api/queries/scans';
import { plantProblemsQuery } from '../../../api/queries/plant-problems';
import { invalidateProblems } from '../../../api/queries/problems';
import { Badge, Button, Select, useToast } from '../../../components/ui';
import { DetectionCorrections } from './detection-corrections';

const REVIEW_TONE = { pending: 'neutral', confirmed: 'success', corrected: 'info', rejected: 'danger' } as const;

/** What a detection says: its problem (or the engine's label), the measurement and the confidence. */
export function detectionTitle(d: ScanDetection): string {
  return d.corrected_problem ?? d.problem ?? d.label;
}

function Row({ companyId, detection, onReviewed }: { companyId: number; detection: ScanDetection; onReviewed: (d: ScanDetection) => void }) {
  const { t } = useTranslation('scans');
  const toast = useToast();
  const queryClient = useQueryClient();
  const [correcting, setCorrecting] = useState(false);
  const [editing, setEditing] = useState(false);
  const [problemId, setProblemId] = useState('');
  const problems = useQuery({ ...plantProblemsQuery(companyId), enabled: correcting });
  const review = useMutation({
    mutationFn: ({ action, problem }: { action: ReviewAction; problem?: number }) =>
      reviewScanDetection(companyId, detection.detection_id, action, problem),
    onSuccess: (res) => {
      onReviewed(res.detection);
      setCorrecting(false);
      void queryClient.invalidateQueries({ queryKey: scanKeys.all(companyId) });
      void invalidateProblems(queryClient, companyId);
    },
    onError: (err) => toast.danger(err instanceof Error ? err.message : String(err)),
  });
  const name = detectionTitle(detection);
  const area = detection.reviewed_affected_percent ?? detection.affected_percent;
  const count = detection.reviewed_count ?? detection.count;
  // The engine's answer beside the reviewer's, whenever the reviewer changed a measurement.
  const engineSaid =
    detection.origin === 'engine' && detection.reviewed_count !== null && detection.reviewed_count !== detection.count
      ? t('detection.engineCount', { count: detection.count ?? 0 })
      : detection.origin === 'engine' && detection.reviewed_affected_percent !== null && detection.reviewed_affected_percent !== detection.affected_percent
        ? t('detection.engineArea', { value: (detection.affected_percent ?? 0).toFixed(1) })
        : null;
  return (
    <li className="rounded-md border border-stone-200 p-3" data-testid={`detection-${detection.detection_id}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium text-stone-900">{name}</p>
          <p className="text-sm text-stone-600">
            {detection.origin === 'reviewer' ? t('detection.addedByReviewer') : t('detection.confidence', { value: Math.round(detection.confidence * 100) })}
            {area !== null && ` · ${t('detection.affected', { value: area.toFixed(1) })}`}
            {count !== null && ` · ${t('detection.count', { count })}`}
          </p>
          {engineSaid && <p className="text-sm text-stone-500" data-testid="engine-said">{engineSaid}</p>}
        </div>
        <Badge tone={REVIEW_TONE[detection.review]}>{t(`review.${detection.review}`)}</Badge>
      </div>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button
          size="sm"
          disabled={review.isPending || detection.problem_id === null}
          onClick={() => review.mutate({ action: 'confirm' })}
          aria-label={t('actions.confirmNamed', { name })}
        >
          {t('actions.confirm')}
        </Button>
        <Button size="sm" variant="secondary" disabled={review.isPending} onClick={() => setCorrecting((v) => !v)} aria-label={t('actions.correctNamed', { name })}>
          {t('actions.correct')}
        </Button>
        <Button size="sm" variant="secondary" aria-expanded={editing} onClick={() => setEditing((v) => !v)} aria-label={t('actions.editNamed', { name })}>
          {t('actions.edit')}
        </Button>
        <Button
          size="sm"
          variant="danger"
          disabled={review.isPending || detection.review === 'rejected'}
          onClick={() => review.mutate({ action: 'reject' })}
          aria-label={t('actions.rejectNamed', { name })}
        >
          {t('actions.reject')}
        </Button>
      </div>
      {editing && <DetectionCorrections companyId={companyId} detection={detection} name={name} onSaved={onReviewed} />}
      {correcting && (
        <form
          className="mt-3 flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (problemId) review.mutate({ action: 'correct', problem: Number(problemId) });
          }}
        >
          <Select
            label={t('detection.correctTo')}
            value={problemId}
            placeholder={problems.isPending ? t('loading') : t('detection.pickProblem')}
            options={(problems.data ?? []).map((p) => ({ value: String(p.problem_id), label: p.display_name }))}
            onChange={(e) => setProblemId(e.target.value)}
          />
          <Button type="submit" size="sm" disabled={!problemId || review.isPending}>
            {t('actions.saveCorrection')}
          </Button>
        </form>
      )}
    </li>
  );
}

export function DetectionList(props: { companyId: number; detections: ScanDetection[]; onReviewed: (d: ScanDetection) => void }) {
  const { t } = useTranslation('scans');
  if (props.detections.length === 0) return <p className="text-sm text-stone-600">{t('detection.none')}</p>;
  return (
    <ul className="space-y-2">
      {props.detections.map((d) => (
        <Row key={d.detection_id} companyId={props.companyId} detection={d} onReviewed={props.onReviewed} />
      ))}
    </ul>
  );
}
