import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { GridBox } from '@verdant/contract';
import { Alert, Button, Input, Textarea, useToast } from '../../../../components/ui';
import { Icon } from '../../../../components/icons';
import { toApiError } from '../../../../api/api-error';
import { useAuth } from '../../../../state/hooks';
import { boxLabel } from '../../lib/box-label';
import { useMovePlant } from '../../api/use-box';
import type { MovingPlant } from '../../scouting/components/box-panel';

export interface MovePlantPanelProps {
  plant: MovingPlant;
  /** Chosen by tapping a box on the map. */
  target: GridBox | null;
  onCancel: () => void;
  onMoved: (target: GridBox) => void;
}

/** Moving one plant: the target box comes from the map; the position is optional (first free one). */
export function MovePlantPanel({ plant, target, onCancel, onMoved }: MovePlantPanelProps) {
  const { t } = useTranslation(['rooms', 'outbox']);
  const toast = useToast();
  const { companyID, userId } = useAuth();
  const move = useMovePlant(companyID ?? 0);
  const [subx, setSubx] = useState('');
  const [suby, setSuby] = useState('');
  const [reason, setReason] = useState('');
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!target) return;
    const hasPosition = subx.trim() !== '' || suby.trim() !== '';
    const x = Number(subx);
    const y = Number(suby);
    if (hasPosition && (!Number.isInteger(x) || !Number.isInteger(y) || x < 1 || y < 1)) {
      setError(t('move.positionInvalid'));
      return;
    }
    setError(null);
    move.mutate(
      {
        plantUid: plant.plantUid,
        fromGridboxId: plant.fromBoxId,
        targetParentGridboxId: target.id,
        userId: userId ?? 0,
        targetPosition: hasPosition ? { subx: x, suby: y } : undefined,
        reason,
        notes,
      },
      {
        onSuccess: (res) => {
          if (res.queued) toast.success(t('queuedToast', { ns: 'outbox' }));
          else toast.success(t('move.done', { uid: plant.plantUid, to: `${boxLabel(target)} · ${res.sub_gridbox.display_name}` }));
          onMoved(target);
        },
        onError: (err) => {
          const e = toApiError(err);
          setError(e.status === 409 ? t('move.occupied', { reason: e.message }) : e.message);
        },
      },
    );
  };

  return (
    <div className="flex h-full flex-col">
      <div className="flex items-start justify-between gap-2 px-4 pb-3 pt-4">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold text-stone-900">{t('move.title', { uid: plant.plantUid })}</h2>
          <p className="text-sm text-stone-600">{t('move.from', { from: plant.fromName })}</p>
        </div>
        <button
          type="button"
          onClick={onCancel}
          aria-label={t('move.cancel')}
          className="-mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-stone-600 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <Icon name="cross" className="size-5" />
        </button>
      </div>
      <form onSubmit={submit} className="flex flex-1 flex-col gap-4 overflow-y-auto border-t border-stone-200 px-4 py-4">
        {target ? (
          <Alert tone="info" title={t('move.target', { name: boxLabel(target), x: target.X, y: target.Y })}>
            {t('move.changeTarget')}
          </Alert>
        ) : (
          <Alert tone="info" title={t('move.pickTitle')}>
            {t('move.pickBody')}
          </Alert>
        )}
        <fieldset className="grid grid-cols-2 gap-3" disabled={!target}>
          <legend className="col-span-2 mb-1 text-sm font-medium text-stone-800">{t('move.position')}</legend>
          <Input label={t('move.subx')} type="number" inputMode="numeric" min={1} value={subx} onChange={(e) => setSubx(e.target.value)} />
          <Input label={t('move.suby')} type="number" inputMode="numeric" min={1} value={suby} onChange={(e) => setSuby(e.target.value)} />
          <p className="col-span-2 text-xs text-stone-600">{t('move.positionHint')}</p>
        </fieldset>
        <Input label={t('move.reason')} value={reason} maxLength={500} disabled={!target} onChange={(e) => setReason(e.target.value)} />
        <Textarea label={t('move.notes')} value={notes} rows={2} maxLength={2000} disabled={!target} onChange={(e) => setNotes(e.target.value)} />
        {error && <Alert tone="danger">{error}</Alert>}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onCancel}>
            {t('app:ui.cancel')}
          </Button>
          <Button type="submit" disabled={!target} loading={move.isPending}>
            {t('move.submit')}
          </Button>
        </div>
      </form>
    </div>
  );
}
