import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Input } from '../../../components/ui';
import { BulkBar } from '../../../components/bulk-bar/bulk-bar';
import { useBulkChange } from '../../../components/bulk-bar/use-bulk-change';
import { useBulkObservations, useUndoBulkObservations, type BulkObservationAction } from '../api/use-bulk-observations';

/**
 * The chosen observations' actions: resolve them all, or file them all under another problem, in one change
 * (all or nothing: an observation that is not open refuses a resolve, named), and undo the last change.
 */
export function ObservationBulkBar({ companyId, chosen, onClear, onDone }: { companyId: number; chosen: number[]; onClear: () => void; onDone: () => void }) {
  const { t } = useTranslation('observations');
  const bulk = useBulkObservations(companyId);
  const undo = useUndoBulkObservations(companyId);
  const [problem, setProblem] = useState('');
  const count = chosen.length;
  const { change, online, barProps } = useBulkChange({ t, count, bulk, undo, onClear });
  const run = (action: BulkObservationAction) => change({ ids: chosen, change: action });
  const reassign = (e: FormEvent) => {
    e.preventDefault();
    if (problem.trim()) run({ action: 'reassign', problem: problem.trim() });
  };

  return (
    <BulkBar
      {...barProps}
      className="mb-4"
      count={count}
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
