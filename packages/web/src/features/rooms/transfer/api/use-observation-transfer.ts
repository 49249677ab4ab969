import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { exportObservations, listObservationImports, undoObservationImport } from '../../../../api/facility-transfer';
import { roomKeys } from '../../../../api/queries/rooms';
import { useImportJob } from './use-import-job';

export interface ObservationExportFilter {
  format: 'csv' | 'geojson';
  room_id?: number;
  start_date?: string;
  end_date?: string;
}

/** The company's last observation imports (only this screen reads them). */
export const observationImportsQuery = (companyId: number) =>
  queryOptions({ queryKey: [...roomKeys.all(companyId), 'observation-imports'] as const, queryFn: () => listObservationImports({ company_id: companyId }) });

export function useExportObservations(companyId: number) {
  return useMutation({ mutationFn: (f: ObservationExportFilter) => exportObservations({ company_id: companyId, ...f }) });
}

/** The preview: the file read by the server as a job, nothing written. */
export function usePreviewObservations(companyId: number) {
  return useImportJob(companyId, 'observations', true);
}

/** Applies a file as a job; observations change, so every read of them (and the rooms' counts) refreshes. */
export function useApplyObservations(companyId: number) {
  return useImportJob(companyId, 'observations', false, (qc) => qc.invalidateQueries());
}

export function useUndoObservations(companyId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (importId: number) => undoObservationImport({ company_id: companyId, import_id: importId }),
    onSettled: () => qc.invalidateQueries(),
  });
}
