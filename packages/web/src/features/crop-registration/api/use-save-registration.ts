import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queueAction } from '@/api/action-queue';
import { cropRegistrationKeys } from '@/api/queries/crop-registration';

export interface RegistrationInput {
  samplePlantId: number;
  week: string;
  /** As typed ("17.2"): the server reads a truss position from the text. */
  values: Array<{ type_id: number; value: string }>;
  /** The grower confirmed the values outside their type's range. */
  confirmOutOfRange: boolean;
  /** What the outbox shows ("Crop registration · Grid A 3/5"). */
  label: string;
}

/**
 * Saves one sample plant's week through the outbox (a field action, docs/web-guide.md): stored on the device with
 * its Idempotency-Key and sent at once when online; offline it waits, and the walk counts it from the outbox. Sent,
 * the walks, indicators and forecasts are read again.
 */
export interface RegistrationPhotoInput {
  samplePlantId: number;
  week: string;
  photo: Blob;
  /** What the outbox shows ("Photo · Grid A 3/5"). */
  label: string;
}

/**
 * Sends one sample plant's photo of the week through the outbox (the Blob waits on the device like a scan's photos,
 * with its Idempotency-Key), apart from the values: a photo is optional and may be taken before or after them.
 */
export function useSaveRegistrationPhoto(companyId: number, userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: (r: RegistrationPhotoInput) =>
      queueAction('saveRegistrationPhoto', { company_id: companyId, sample_plant_id: r.samplePlantId, week: r.week, photo: r.photo }, { companyId, userId, label: r.label }),
    onSuccess: async (outcome) => {
      if (outcome.queued) return;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: cropRegistrationKeys.walks(companyId) }),
        queryClient.invalidateQueries({ queryKey: cropRegistrationKeys.setsAll(companyId) }),
      ]);
    },
  });
}

export function useSaveRegistration(companyId: number, userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    // Offline it is stored in the outbox at once, not paused by the query client.
    networkMode: 'always',
    mutationFn: (r: RegistrationInput) =>
      queueAction(
        'saveRegistration',
        { company_id: companyId, sample_plant_id: r.samplePlantId, week: r.week, values: r.values, confirm_out_of_range: r.confirmOutOfRange },
        { companyId, userId, label: r.label },
      ),
    onSuccess: async (outcome) => {
      if (outcome.queued) return;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: cropRegistrationKeys.walks(companyId) }),
        // The room map's sample plants show their last registration.
        queryClient.invalidateQueries({ queryKey: cropRegistrationKeys.setsAll(companyId) }),
        queryClient.invalidateQueries({ queryKey: cropRegistrationKeys.indicators(companyId) }),
        queryClient.invalidateQueries({ queryKey: cropRegistrationKeys.forecasts(companyId) }),
      ]);
    },
  });
}
