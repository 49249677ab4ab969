import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  deleteCropTarget,
  deleteMeasurementType,
  deleteSampleSet,
  runHarvestForecast,
  saveCropHarvest,
  saveCropPlanting,
  saveCropTarget,
  saveMeasurementType,
  saveSampleSet,
} from '@/api/crop-registration';
import { cropRegistrationKeys as keys } from '@/api/queries/crop-registration';

type Args<F> = F extends (companyId: number, ...rest: infer A) => unknown ? A : never;

/**
 * The desk writes of crop registration (Admins' setup, targets, harvests), each invalidating through the factory
 * what shows it: types and plantings reach the walk, targets the indicators, harvests the forecast's accuracy.
 */
function useWrite<F extends (companyId: number, ...rest: never[]) => Promise<unknown>>(companyId: number, write: F, invalidate: (companyId: number) => ReadonlyArray<readonly unknown[]>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: Args<F>) => write(companyId, ...(args as never[])) as Promise<Awaited<ReturnType<F>>>,
    onSuccess: () => Promise.all(invalidate(companyId).map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

export const useSaveMeasurementType = (companyId: number) =>
  useWrite(companyId, saveMeasurementType, (c) => [keys.typesAll(c), keys.walks(c)]);
export const useDeleteMeasurementType = (companyId: number) =>
  useWrite(companyId, deleteMeasurementType, (c) => [keys.typesAll(c), keys.walks(c)]);
export const useSaveCropPlanting = (companyId: number) => useWrite(companyId, saveCropPlanting, (c) => [keys.all(c)]);
export const useSaveSampleSet = (companyId: number) => useWrite(companyId, saveSampleSet, (c) => [keys.setsAll(c), keys.walks(c)]);
export const useDeleteSampleSet = (companyId: number) => useWrite(companyId, deleteSampleSet, (c) => [keys.setsAll(c), keys.walks(c)]);
export const useSaveCropTarget = (companyId: number) => useWrite(companyId, saveCropTarget, (c) => [keys.indicators(c)]);
export const useDeleteCropTarget = (companyId: number) => useWrite(companyId, deleteCropTarget, (c) => [keys.indicators(c)]);
export const useSaveCropHarvest = (companyId: number) => useWrite(companyId, saveCropHarvest, (c) => [keys.forecasts(c)]);
/** Makes (and keeps) the forecast of plantings; the kept forecasts and their accuracy are read again. */
export function useRunHarvestForecast(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (plantingIds: number[]) =>
      (await Promise.all(plantingIds.map((plantingId) => runHarvestForecast(companyId, { planting_id: plantingId })))).flat(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.forecasts(companyId) }),
  });
}
