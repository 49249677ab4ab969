import { registerEndpoints as ep, type RegisterExportFormat } from '@verdant/contract';
import { callBinaryEndpoint, callEndpoint } from './call-endpoint';

export interface RegisterExportParams {
  format: RegisterExportFormat;
  from: string;
  to: string;
  roomId?: number;
}

/**
 * GET /register/export (Admins): the plant-protection register for a period (and a room), read as it streams so
 * the screen can show how much has arrived (the server does not know the length beforehand).
 */
export function exportRegister(companyId: number, p: RegisterExportParams, onProgress: (received: number) => void): Promise<Blob> {
  return callBinaryEndpoint(
    ep.exportRegister,
    { company_id: companyId, format: p.format, from: p.from, to: p.to, ...(p.roomId ? { room_id: p.roomId } : {}) },
    undefined,
    { onDownloadProgress: (received) => onProgress(received) },
  );
}

export interface RegisterListParams {
  from: string;
  to: string;
  roomId?: number;
  offset: number;
}

export const REGISTER_LIST_PAGE = 25;

/** GET /register/applications: a page of the period's applications, oldest first, and whether another follows. */
export function listRegisterApplications(companyId: number, p: RegisterListParams) {
  return callEndpoint(ep.listRegisterApplications, {
    company_id: companyId, from: p.from, to: p.to, limit: REGISTER_LIST_PAGE, offset: p.offset, ...(p.roomId ? { room_id: p.roomId } : {}),
  });
}
