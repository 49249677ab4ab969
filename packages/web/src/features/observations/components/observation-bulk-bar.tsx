import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Input, useToast } from '../../../components/ui';
import { errorMessage } from '../../../api/api-error';
import { useOnlineStatus } from '../../../lib/use-online-status';
import { useBulkObservations, useUndoBulkObservations, type BulkObservationAction } from '../api/use-bulk-observations';

/**
 * The chosen observations' actions: resolve them all, or file them all under another problem, in one change
 * (all or nothing: an observation that is not open refuses a resolve, named), and undo the last change.
 */
export function ObservationBulkBar({ companyId, chosen, onClear, onDone }: { companyId: number; chosen: number[]; onClear: () => void; onDone: () => void }) {
  const { t } = useTranslation('observations');
  const toast = useToast();
  const online = useOnlineStatus();
  const bulk = useBulkObservations(companyId);
  const undo = useUndoBulkObservations(companyId);
  const [problem, setProblem] = useState('');
  const [applied, setApplied] = useState<{ changeId: number; count: number } | null>(null);
  const count = chosen.length;

  const run = (change: BulkObservationAction) =>
    bulk.mutate(
      { ids: chosen, change },
      {
        onSuccess: (made) => {
          setApplied({ changeId: made.change_id, count: made.count });
          toast.success(t('bulk.applied', { count: made.count }));
          onClear();
        },
      },
    );
  const reassign = (e: FormEvent) => {
    e.preventDefault();
    if (problem.trim()) run({ action: 'reassign', problem: problem.trim() });
  };
  const onUndo = () =>
    applied &&
    undo.mutate(applied.changeId, {
      onSuccess: () => {
        setApplied(null);
        toast.success(t('bulk.undone'));
      },
      onError: (err) => toast.danger(t('bulk.undoFailed', { reason: errorMessage(err) })),
    });

  return (
    <div role="region" aria-label={t('bulk.region')} className="mb-4 flex flex-col gap-2 rounded-lg bg-blue-50 p-3 ring-1 ring-blue-300">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p role="status" className="text-sm font-medium text-blue-950">
          {t('bulk.count', { count })}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" disabled={count === 0} onClick={onClear}>
            {t('bulk.clear')}
          </Button>
          <Button variant="ghost" onClick={onDone}>
            {t('bulk.done')}
          </Button>
        </div>
      </div>
      {count === 0 && !applied && <p className="text-sm text-blue-950">{t('bulk.help')}</p>}
      <div className="flex flex-wrap items-end gap-2">
        <Button disabled={count === 0 || !online || bulk.isPending} onClick={() => run({ action: 'resolve' })}>
          {t('bulk.resolve', { count })}
        </Button>
        <form onSubmit={reassign} className="flex flex-wrap items-end gap-2">
          <Input label={t('bulk.problem')} value={problem} maxLength={200} placeholder={t('filters.problemPlaceholder')} onChange={(e) => setProblem(e.target.value)} />
          <Button type="submit" variant="secondary" disabled={count === 0 || !problem.trim() || !online || bulk.isPending}>
            {t('bulk.reassign', { count })}
          </Button>
        </form>
      </div>
      {!online && <p className="text-sm text-amber-900">{t('bulk.offline')}</p>}
      {bulk.isError && (
        <Alert tone="danger" title={t('bulk.failed')}>
          {errorMessage(bulk.error)}
        </Alert>
      )}
      {applied && (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-white/80 px-3 py-2 ring-1 ring-blue-200">
          <p className="text-sm font-medium text-stone-900">{t('bulk.applied', { count: applied.count })}</p>
          <Button variant="secondary" disabled={undo.isPending || !online} onClick={onUndo}>
            {t('bulk.undo')}
          </Button>
        </div>
      )}
    </div>
  );
}
