import { facilityTransferEndpoints as ep, type EndpointRequest } from '@verdant/contract';
import { callBinaryEndpoint, callEndpoint } from './call-endpoint';

type Input<K extends keyof typeof ep> = EndpointRequest<(typeof ep)[K]>;

/** The facility as a file (CSV or GeoJSON), streamed by the server (docs/decisions.md, "Facility round trip"). */
export function exportFacility(input: Input<'exportFacility'>): Promise<Blob> {
  return callBinaryEndpoint(ep.exportFacility, input);
}

/** Reads a facility file: with dry_run 1 the preview only (nothing written), else applied and recorded for its undo. */
export function importFacility(input: Input<'importFacility'>) {
  return callEndpoint(ep.importFacility, input);
}

export async function listFacilityImports(input: Input<'listFacilityImports'>) {
  return (await callEndpoint(ep.listFacilityImports, input)).imports;
}

/** Undoes a whole import; a 409 says what changed since. */
export async function undoFacilityImport(input: Input<'undoFacilityImport'>) {
  return (await callEndpoint(ep.undoFacilityImport, input)).import;
}

/** The company's observations as a file (CSV or GeoJSON), filtered by room and days (docs/decisions.md, "Observations round trip"). */
export function exportObservations(input: Input<'exportObservations'>): Promise<Blob> {
  return callBinaryEndpoint(ep.exportObservations, input);
}

/** Reads an observations file: with dry_run 1 the preview only, else applied and recorded for its undo. */
export function importObservations(input: Input<'importObservations'>) {
  return callEndpoint(ep.importObservations, input);
}

export async function listObservationImports(input: Input<'listObservationImports'>) {
  return (await callEndpoint(ep.listObservationImports, input)).imports;
}

/** Undoes a whole observations import; a 409 says which observation changed since. */
export async function undoObservationImport(input: Input<'undoObservationImport'>) {
  return (await callEndpoint(ep.undoObservationImport, input)).import;
}
