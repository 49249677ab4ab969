import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { exportFacility, listFacilityImports, undoFacilityImport } from '../../../../api/facility-transfer';
import { roomKeys } from '../../../../api/queries/rooms';
import { useImportJob } from './use-import-job';

/** The company's last facility imports (only this screen reads them). */
export const facilityImportsQuery = (companyId: number) =>
  queryOptions({ queryKey: [...roomKeys.all(companyId), 'imports'] as const, queryFn: () => listFacilityImports({ company_id: companyId }) });

export function useExportFacility(companyId: number) {
  return useMutation({ mutationFn: (format: 'csv' | 'geojson') => exportFacility({ company_id: companyId, format }) });
}

/** The preview: the file read by the server as a job, nothing written. */
export function usePreviewImport(companyId: number) {
  return useImportJob(companyId, 'facility', true);
}

/** Applies a file as a job; rooms and their boxes change, so every room read refreshes. */
export function useApplyImport(companyId: number) {
  return useImportJob(companyId, 'facility', false, (qc) => qc.invalidateQueries({ queryKey: roomKeys.all(companyId) }));
}

export function useUndoImport(companyId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (importId: number) => undoFacilityImport({ company_id: companyId, import_id: importId }),
    onSettled: () => qc.invalidateQueries({ queryKey: roomKeys.all(companyId) }),
  });
}
