import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GridBox } from '@verdant/contract';
import { Button, ConfirmDialog, useToast } from '../../../../components/ui';
import { errorMessage } from '../../../../api/api-error';
import { useAuth } from '../../../../state/hooks';
import { boxLabel } from '../../lib/box-label';
import { useCullBox } from '../../api/use-box';

/** How long "Undo" stays offered after culling a box. */
const UNDO_MS = 15_000;

/**
 * Culling, kept apart from renaming at the foot of the box sheet: "Cull this box" asks first, and once
 * culled an Undo stays offered for a while (it restores the box). Restoring a culled box needs no question.
 */
export function CullZone({ box }: { box: GridBox }) {
  const { t } = useTranslation('rooms');
  const toast = useToast();
  const { companyID, userId } = useAuth();
  const cull = useCullBox(companyID ?? 0, userId ?? 0);
  const [asking, setAsking] = useState(false);
  const [undoFor, setUndoFor] = useState<number | null>(null);

  useEffect(() => {
    if (undoFor === null) return;
    const timer = setTimeout(() => setUndoFor(null), UNDO_MS);
    return () => clearTimeout(timer);
  }, [undoFor]);

  const set = (culled: boolean, then?: () => void) =>
    cull.mutate(
      { boxId: box.id, culled },
      {
        onSuccess: (b) => {
          // Offline the outbox keeps it (the map already shows it culled) and sends it when the connection returns.
          if (b.queued) toast.info(t('queuedToast', { ns: 'outbox' }));
          else toast.success(b.culled ? t('box.culledDone') : t('box.unculledDone'));
          then?.();
        },
        onError: (err) => toast.danger(errorMessage(err)),
      },
    );

  return (
    <section aria-labelledby={`cull-${box.id}`} className="mx-4 my-4 rounded-lg border border-red-300 bg-red-50/60 p-3">
      <h3 id={`cull-${box.id}`} className="text-sm font-semibold text-red-900">
        {t('box.dangerZone')}
      </h3>
      {undoFor === box.id ? (
        <div role="status" className="mt-2 flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-stone-800">{t('box.culledUndoHint', { box: boxLabel(box) })}</p>
          <Button variant="secondary" loading={cull.isPending} onClick={() => set(false, () => setUndoFor(null))}>
            {t('box.undoCull')}
          </Button>
        </div>
      ) : box.culled ? (
        <>
          <p className="mt-1 text-sm text-stone-700">{t('box.culledHint')}</p>
          <Button variant="secondary" block className="mt-2" loading={cull.isPending} onClick={() => set(false)}>
            {t('box.uncull')}
          </Button>
        </>
      ) : (
        <>
          <p className="mt-1 text-sm text-stone-700">{t('box.cullHint')}</p>
          <Button variant="danger" block className="mt-2" onClick={() => setAsking(true)}>
            {t('box.cull')}
          </Button>
        </>
      )}
      <ConfirmDialog
        open={asking}
        destructive
        title={t('box.cullTitle', { box: boxLabel(box) })}
        description={t('box.cullBody')}
        confirmLabel={t('box.cullConfirm')}
        loading={cull.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() =>
          set(true, () => {
            setAsking(false);
            setUndoFor(box.id);
          })
        }
      />
    </section>
  );
}
