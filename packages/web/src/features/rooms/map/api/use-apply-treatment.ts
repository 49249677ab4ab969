import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GridBox, SprayProduct } from '@verdant/contract';
import { queueAction } from '../../../../api/action-queue';
import { keepLocalBox } from '../../../../api/grid-boxes';
import { linkTreatmentBody, type ApplicationRegisterInput } from '../../../../api/treatments';
import { batchKeys } from '../../../../api/queries/batches';
import { registerKeys } from '../../../../api/queries/register';
import { useAuth } from '../../../../state/hooks';
import { patchBoxInCaches } from '../../api/use-rooms';

const HOUR_MS = 3_600_000;

export interface ApplyTreatmentInput {
  product: SprayProduct;
  /** The moment of spraying (ISO). */
  appliedAt: string;
  quantity: number;
  boxes: ReadonlyArray<Pick<GridBox, 'id' | 'GridID' | 'NoEntryUntil'>>;
  /** What the outbox shows for it ("Spinosad on 4 boxes in Room 1"). */
  label: string;
  /** The register's fields (end time, crop, BBCH, tank mix, …); the server checks the label's rules on them. */
  register?: ApplicationRegisterInput;
}

/** The later of two ISO moments (a box already closed for longer keeps its later end). */
function later(a: string | undefined, b: string): string {
  return a && Date.parse(a) > Date.parse(b) ? a : b;
}

/**
 * Records a spraying of a product on the chosen boxes through the outbox (`link_treatment_products_gridboxes`:
 * offline it waits and is sent once, in order). The map shows "no entry until" at once: from the server's
 * answer when sent, else from the product's re-entry hours as the server will count them (applications.service).
 */
export function useApplyTreatment(companyId: number) {
  const queryClient = useQueryClient();
  const { userId } = useAuth();
  return useMutation({
    mutationFn: async (input: ApplyTreatmentInput) => {
      const out = await queueAction(
        'linkTreatmentProductsGridboxes',
        linkTreatmentBody({ date: input.appliedAt, productName: input.product.name, quantity: input.quantity, boxIds: input.boxes.map((b) => b.id), register: input.register }),
        { companyId, userId: userId ?? 0, label: input.label },
      );
      const hours = input.product.reentry_interval_hours;
      const sent = out.queued ? null : out.result;
      // The server counts re-entry from the end of spraying when there is one (applications.service).
      const from = Date.parse(input.register?.endedAt ?? input.appliedAt);
      const until = sent ? sent.application.reentry_until : hours === null ? null : new Date(from + hours * HOUR_MS).toISOString();
      return { queued: out.queued, until };
    },
    onSuccess: ({ until }, input) => {
      if (until) {
        for (const box of input.boxes) {
          const NoEntryUntil = later(box.NoEntryUntil, until);
          patchBoxInCaches(queryClient, companyId, { id: box.id, GridID: box.GridID, NoEntryUntil });
          void keepLocalBox({ id: box.id, NoEntryUntil });
        }
      }
      // Batch dashboards list the applications on their boxes.
      void queryClient.invalidateQueries({ queryKey: batchKeys.all(companyId), predicate: (q) => q.queryKey.includes('dashboard') });
      // The register's list shows it.
      void queryClient.invalidateQueries({ queryKey: registerKeys.all(companyId) });
    },
  });
}
