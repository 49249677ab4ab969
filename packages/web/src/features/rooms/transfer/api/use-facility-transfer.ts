import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { exportFacility, importFacility, listFacilityImports, undoFacilityImport } from '../../../../api/facility-transfer';
import { roomKeys } from '../../../../api/queries/rooms';

/** The company's last facility imports (only this screen reads them). */
export const facilityImportsQuery = (companyId: number) =>
  queryOptions({ queryKey: [...roomKeys.all(companyId), 'imports'] as const, queryFn: () => listFacilityImports({ company_id: companyId }) });

export function useExportFacility(companyId: number) {
  return useMutation({ mutationFn: (format: 'csv' | 'geojson') => exportFacility({ company_id: companyId, format }) });
}

/** The preview: the file read by the server, nothing written. */
export function usePreviewImport(companyId: number) {
  return useMutation({ mutationFn: (file: File) => importFacility({ company_id: companyId, file, dry_run: 1 }) });
}

/** Applies a file; rooms and their boxes change, so every room read refreshes. */
export function useApplyImport(companyId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => importFacility({ company_id: companyId, file, dry_run: 0 }),
    onSettled: () => qc.invalidateQueries({ queryKey: roomKeys.all(companyId) }),
  });
}

export function useUndoImport(companyId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (importId: number) => undoFacilityImport({ company_id: companyId, import_id: importId }),
    onSettled: () => qc.invalidateQueries({ queryKey: roomKeys.all(companyId) }),
  });
}
