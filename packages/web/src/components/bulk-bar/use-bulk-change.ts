import { useState } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { errorMessage } from '../../api/api-error';
import { useToast } from '../ui';
import { useOnlineStatus } from '../../lib/use-online-status';
import type { BulkBarTexts } from './bulk-bar';

/** What a bulk change answers: its id (for the undo) and how many records it changed. */
interface BulkMade {
  change_id: number;
  count: number;
}

/**
 * The state a list's bulk bar shares across features: the last change (for its undo), the toasts, and the bar's
 * texts from the feature's own `bulk.*` keys. `change(vars)` runs the feature's mutation and clears the choice.
 */
export function useBulkChange<V>({
  t, count, bulk, undo, onClear,
}: {
  t: TFunction;
  count: number;
  bulk: UseMutationResult<BulkMade, Error, V>;
  undo: UseMutationResult<unknown, Error, number>;
  onClear: () => void;
}) {
  const toast = useToast();
  const online = useOnlineStatus();
  const [applied, setApplied] = useState<BulkMade | null>(null);

  const change = (vars: V) =>
    bulk.mutate(vars, {
      onSuccess: (made) => {
        setApplied(made);
        toast.success(t('bulk.applied', { count: made.count }));
        onClear();
      },
    });
  const onUndo = () => {
    if (!applied) return;
    undo.mutate(applied.change_id, {
      onSuccess: () => {
        setApplied(null);
        toast.success(t('bulk.undone'));
      },
      onError: (err) => toast.danger(t('bulk.undoFailed', { reason: errorMessage(err) })),
    });
  };
  const texts: BulkBarTexts = {
    region: t('bulk.region'), count: t('bulk.count', { count }), clear: t('bulk.clear'), done: t('bulk.done'), help: t('bulk.help'),
    offline: t('bulk.offline'), failed: t('bulk.failed'), undo: t('bulk.undo'), applied: applied ? t('bulk.applied', { count: applied.count }) : undefined,
  };
  return {
    change,
    online,
    /** The props of <BulkBar> the features share; each adds its count, onClear, onDone and actions. */
    barProps: {
      texts,
      online,
      error: bulk.isError ? errorMessage(bulk.error) : undefined,
      canUndo: applied !== null,
      undoing: undo.isPending,
      onUndo,
    },
  };
}
