import { batchesEndpoints as ep, batchesMessages as msg, QR_SIZE_DEFAULT, type Batch } from '@verdant/contract';
import { ApiError, errorMessage, orNull, toApiError, withFallback } from './api-error';
import { callBinaryEndpoint, callEndpoint } from './call-endpoint';

/** The batch form's fields as the spec names them (spec-1 §3); dates as YYYY-MM-DD or null. */
export interface BatchFields {
  BatchNumber: string;
  NumberOfPlants: number;
  StrainName: string;
  BatchStatus: string;
  Color: string | null;
  PreBooks: number;
  StartDate: string | null;
  EndDate: string | null;
  /** The company's crop (GET /crops); null: none. */
  CropID?: number | null;
}

export interface HarvestInput {
  batchId: number;
  companyId: number;
  userId: number;
  wetWeight?: number | null;
  dryWeight?: number | null;
  unit?: 'g' | 'kg' | 'lb' | 'oz';
  /** An Admin's reason to harvest inside a pre-harvest interval (issue 22); without it such a harvest is refused. */
  overrideReason?: string;
}

/** Multipart sends text: null dates travel as '' (the contract reads '' as "no date"). */
function formFields<F extends Partial<BatchFields>>(f: F): { [K in keyof F]: Exclude<F[K], null> | '' } {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(f)) if (v !== undefined) out[k] = v === null ? '' : v;
  return out as { [K in keyof F]: Exclude<F[K], null> | '' };
}

/** GET /get_batches?company_id — [] without a company id; any failure throws 'Failed to fetch batches'. */
export async function getBatches(companyId: number | null | undefined): Promise<Batch[]> {
  if (!companyId) return [];
  try {
    return await callEndpoint(ep.getBatches, { company_id: companyId });
  } catch (err) {
    console.error('getBatches failed:', errorMessage(err));
    throw new ApiError(msg.fetchFailed, { cause: err });
  }
}

/** POST /create_batch (multipart). Rejects with the server's message — the screens show it. */
export async function sendCreateBatch(companyId: number, fields: BatchFields) {
  return (await callEndpoint(ep.createBatch, { ...formFields(fields), company_id: companyId })).batch;
}

/** The spec's create: null on failure. */
export function createBatch(companyId: number, fields: BatchFields) {
  return orNull('createBatch', () => sendCreateBatch(companyId, fields));
}

/** PUT /update_batches?batch_id&company_id (multipart, only the fields given). Rejects with the server's message. */
export async function sendUpdateBatch(companyId: number, batchId: number, fields: Partial<BatchFields>) {
  return (await callEndpoint(ep.updateBatches, { ...formFields(fields), batch_id: batchId, company_id: companyId })).batch;
}

/** The spec's update: null on failure. */
export function updateBatch(companyId: number, batchId: number, fields: Partial<BatchFields>) {
  return orNull('updateBatch', () => sendUpdateBatch(companyId, batchId, fields));
}

export type DeleteBatchResult = { status: 'success'; message: string } | { status: 'error'; message: string };

/** DELETE /delete_batches — never rejects: status 'error' with the server message or 'Unknown error'. */
export async function deleteBatch(companyId: number, batchId: number): Promise<DeleteBatchResult> {
  try {
    const res = await callEndpoint(ep.deleteBatches, { batch_id: batchId, company_id: companyId });
    return { status: 'success', message: res.message };
  } catch (err) {
    const e = toApiError(err);
    return { status: 'error', message: e.fromServer ? e.message : msg.unknownError };
  }
}

/** POST /link_room_batch (query room_id, batch_id). */
export function linkRoomBatch(roomId: number, batchId: number) {
  return callEndpoint(ep.linkRoomBatch, { room_id: roomId, batch_id: batchId });
}

/** POST /link_grid_batch (query grid_id, batch_id). */
export function linkGridBatch(gridId: number, batchId: number) {
  return callEndpoint(ep.linkGridBatch, { grid_id: gridId, batch_id: batchId });
}

/** POST /link_gridbox_batch (JSON batch_id, grid_box_ids). Needs a batch id and a non-empty list; null on failure. */
export async function linkGridboxBatch(batchId: number | null | undefined, gridBoxIds: readonly number[] | null | undefined) {
  if (!batchId || !gridBoxIds?.length) {
    console.error(msg.gridBoxesRequired);
    return null;
  }
  return orNull('linkGridboxBatch', () => callEndpoint(ep.linkGridboxBatch, { batch_id: batchId, grid_box_ids: [...gridBoxIds] }));
}

/** Same call, rejecting with the server's message (e.g. the harvested batch's 409) for the screens. */
export function sendLinkGridboxBatch(batchId: number, gridBoxIds: readonly number[]) {
  if (!batchId || !gridBoxIds.length) return Promise.reject(new ApiError(msg.gridBoxesRequired));
  return callEndpoint(ep.linkGridboxBatch, { batch_id: batchId, grid_box_ids: [...gridBoxIds] });
}

export function getLinkedRoomsBatches(roomId: number, batchId: number) {
  return callEndpoint(ep.getLinkedRoomsBatches, { room_id: roomId, batch_id: batchId });
}

export function getLinkedGridsBatches(gridId: number, batchId: number) {
  return callEndpoint(ep.getLinkedGridsBatches, { grid_id: gridId, batch_id: batchId });
}

export function getLinkedGridboxesBatches(gridBoxId: number, batchId: number) {
  return callEndpoint(ep.getLinkedGridboxesBatches, { grid_box_id: gridBoxId, batch_id: batchId });
}

/** GET /get_batches_by_room?room_id: null on failure. */
export function getBatchesByRoom(roomId: number) {
  return orNull('getBatchesByRoom', async () => (await callEndpoint(ep.getBatchesByRoom, { room_id: roomId })).batches);
}

/** GET /get_rooms_by_batch?batch_id: 'batch_id is required.'; the server message or 'Failed to fetch rooms by batch.'. */
export async function getRoomsByBatch(batchId: number | null | undefined) {
  if (!batchId) throw new ApiError(msg.batchIdRequired);
  return (await withFallback(msg.roomsByBatchFailed, () => callEndpoint(ep.getRoomsByBatch, { batch_id: batchId }))).data;
}

/** GET /batch_qr_url/{batchId}?company_id&size (256 by default). Null when an id is missing. */
export async function getBatchQrUrl(batchId: number | null | undefined, companyId: number | null | undefined, size = QR_SIZE_DEFAULT) {
  if (!batchId || !companyId) return null;
  return withFallback(msg.qrFailed, () => callEndpoint(ep.batchQrUrl, { batchId, company_id: companyId, size }));
}

/** GET /batch_qr/{batchId}?company_id: the PNG as a Blob. Null when an id is missing. */
export async function downloadBatchQr(batchId: number | null | undefined, companyId: number | null | undefined): Promise<Blob | null> {
  if (!batchId || !companyId) return null;
  try {
    return await callBinaryEndpoint(ep.batchQr, { batchId, company_id: companyId });
  } catch (err) {
    throw new ApiError(msg.qrDownloadFailed, { cause: err });
  }
}

/** GET /batch_qr_info/{batchId}?company_id. Null when an id is missing. */
export async function getBatchQrInfo(batchId: number | null | undefined, companyId: number | null | undefined) {
  if (!batchId || !companyId) return null;
  return withFallback(msg.infoFailed, () => callEndpoint(ep.batchQrInfo, { batchId, company_id: companyId }));
}

/** GET /batch_qr_labels?company_id&batch_ids (Verdant extension): one label per batch. */
export async function getBatchQrLabels(companyId: number, batchIds: readonly number[]) {
  if (!companyId || !batchIds.length) return [];
  return (await withFallback(msg.qrFailed, () => callEndpoint(ep.batchQrLabels, { company_id: companyId, batch_ids: batchIds.join(',') }))).labels;
}

/**
 * POST /harvest_batch?batch_id&company_id&user_id[&wet_weight&dry_weight&unit]; 'Failed to Harvest Batch' without a
 * server text. Answers the batch and the pre-harvest intervals still running on its boxes (harvest goes ahead; docs/decisions.md).
 */
export async function harvestBatch(i: HarvestInput) {
  const res = await withFallback(msg.harvestFailed, () =>
    callEndpoint(ep.harvestBatch, {
      batch_id: i.batchId,
      company_id: i.companyId,
      user_id: i.userId,
      ...(i.wetWeight != null ? { wet_weight: i.wetWeight } : {}),
      ...(i.dryWeight != null ? { dry_weight: i.dryWeight } : {}),
      ...(i.unit && (i.wetWeight != null || i.dryWeight != null) ? { unit: i.unit } : {}),
      ...(i.overrideReason ? { preharvest_override_reason: i.overrideReason } : {}),
    }),
  );
  return { batch: res.batch, preharvestWarnings: res.preharvest_warnings ?? [] };
}

/** POST /move_plants (query batch_id, old_room_id, new_room_id): the batch's plants and links move. */
export function moveBatchPlants(batchId: number, oldRoomId: number, newRoomId: number) {
  return callEndpoint(ep.movePlants, { batch_id: batchId, old_room_id: oldRoomId, new_room_id: newRoomId });
}

/** POST /get_batch_history_by_room (room_id). */
export async function getBatchHistoryByRoom(roomId: number) {
  return (await callEndpoint(ep.getBatchHistoryByRoom, { room_id: roomId })).history;
}

/** POST /assign_status_to_batches?company_id, form batch_status and comma-joined batch_ids. */
export async function assignStatusToBatches(companyId: number | null | undefined, status: string | null | undefined, batchIds: readonly number[]) {
  if (!companyId || !status || !batchIds.length) throw new ApiError('Required parameter(s) missing.');
  return callEndpoint(ep.assignStatusToBatches, { company_id: companyId, batch_status: status, batch_ids: batchIds.join(',') });
}

/** POST /create_custom_batch_status (company_id, status_name). */
export async function createCustomBatchStatus(companyId: number | null | undefined, statusName: string) {
  if (!companyId || !statusName.trim()) throw new ApiError('Required parameter(s) missing.');
  return (await callEndpoint(ep.createCustomBatchStatus, { company_id: companyId, status_name: statusName.trim() })).custom_status;
}

/** GET /get_custom_batch_statuses?company_id: the company's statuses and the built-in ones. */
export async function getCustomBatchStatuses(companyId: number) {
  const res = await callEndpoint(ep.getCustomBatchStatuses, { company_id: companyId });
  return { custom: res.custom_statuses, builtIn: res.built_in_statuses };
}

/** DELETE /delete_custom_batch_status (company_id, status_name); a status in use is the server's 409. */
export async function deleteCustomBatchStatus(companyId: number | null | undefined, statusName: string) {
  if (!companyId || !statusName.trim()) throw new ApiError('Required parameter(s) missing.');
  return callEndpoint(ep.deleteCustomBatchStatus, { company_id: companyId, status_name: statusName.trim() });
}

/** GET /filter_batches_by_status (company_id, status_name). */
export async function filterBatchesByStatus(companyId: number, statusName: string) {
  return (await callEndpoint(ep.filterBatchesByStatus, { company_id: companyId, status_name: statusName })).batches;
}

/** GET /get_batch_dashboard (company_id, batch_id, start_date, end_date): batch_details. */
export async function getBatchDashboard(companyId: number, batchId: number, startDate?: string, endDate?: string) {
  return (
    await callEndpoint(ep.getBatchDashboard, {
      company_id: companyId,
      batch_id: batchId,
      ...(startDate ? { start_date: startDate } : {}),
      ...(endDate ? { end_date: endDate } : {}),
    })
  ).batch_details;
}

/** GET /get_batch_form_responses?batch_id. */
export async function getBatchFormResponses(batchId: number) {
  return (await callEndpoint(ep.getBatchFormResponses, { batch_id: batchId })).responses;
}

/** GET /get_gridbox_batches?GridID. */
export async function getGridboxBatches(gridId: number) {
  return (await callEndpoint(ep.getGridboxBatches, { GridID: gridId })).GridBoxes;
}
