import { REGISTER_EXPORT_HEADERS, registerEndpoints as ep, type RegisterExportFormat } from '@verdant/contract';
import { callBinaryEndpoint, callEndpoint } from './call-endpoint';

export interface RegisterExportParams {
  format: RegisterExportFormat;
  from: string;
  to: string;
  roomId?: number;
}

export interface RegisterExportProgress {
  /** Bytes arrived so far. */
  received: number;
  /** Records the server said it will send (its x-export-rows header), null when it did not say. */
  rows: number | null;
  /** 0–99 while the body streams (100 is the finished file), null when the row count is unknown or 0. */
  percent: number | null;
}

const NEWLINE = 10;

/**
 * A percentage from the server's row count and the lines arrived: every format writes a head line, then each record
 * ends a line (CSV rows, the diary's table rows, the JSON records' separators), so records done ≈ newlines − 1.
 * A note holding a line break can run it ahead, so it stops at 99 until the file is whole.
 */
export function exportProgress(rowsHeader: string | null) {
  const rows = rowsHeader !== null && /^\d+$/.test(rowsHeader) ? Number(rowsHeader) : null;
  let newlines = 0;
  return (received: number, chunk: Uint8Array | null): RegisterExportProgress => {
    if (chunk) for (const byte of chunk) if (byte === NEWLINE) newlines++;
    const percent = rows ? Math.min(99, Math.floor((100 * Math.max(0, newlines - 1)) / rows)) : null;
    return { received, rows, percent };
  };
}

/**
 * GET /register/export (Admins): the plant-protection register for a period (and a room), read as it streams so
 * the screen can show how far it is: the server sends the number of records first (x-export-rows), the body's
 * length being unknown beforehand.
 */
export function exportRegister(companyId: number, p: RegisterExportParams, onProgress: (progress: RegisterExportProgress) => void): Promise<Blob> {
  let measure: ReturnType<typeof exportProgress> | null = null;
  return callBinaryEndpoint(
    ep.exportRegister,
    { company_id: companyId, format: p.format, from: p.from, to: p.to, ...(p.roomId ? { room_id: p.roomId } : {}) },
    undefined,
    {
      onDownloadProgress: (received, _total, read) => {
        measure ??= exportProgress(read.headers.get(REGISTER_EXPORT_HEADERS.rows));
        onProgress(measure(received, read.chunk));
      },
    },
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
