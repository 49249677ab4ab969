import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Input, useToast } from '../../../components/ui';
import { BulkBar } from '../../../components/bulk-bar/bulk-bar';
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
    <BulkBar
      className="mb-4"
      count={count}
      texts={{
        region: t('bulk.region'), count: t('bulk.count', { count }), clear: t('bulk.clear'), done: t('bulk.done'), help: t('bulk.help'),
        offline: t('bulk.offline'), failed: t('bulk.failed'), undo: t('bulk.undo'), applied: applied ? t('bulk.applied', { count: applied.count }) : undefined,
      }}
      online={online}
      error={bulk.isError ? errorMessage(bulk.error) : undefined}
      canUndo={applied !== null}
      undoing={undo.isPending}
      onUndo={onUndo}
      onClear={onClear}
      onDone={onDone}
    >
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
    </BulkBar>
  );
}
