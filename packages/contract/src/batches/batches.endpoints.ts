import { z } from 'zod';
import { ADMIN_ROLES, ALL_ROLES, defineEndpoint } from '../http/define-endpoint.js';
import { MessageEnvelope, success } from '../http/envelope.js';
import { CalendarDate, CompanyId, Id } from '../common/fields.js';
import { QR_SIZE_DEFAULT } from '../common/constants.js';
import { batchesMessages } from './batches.messages.js';
import { absentIfBlank } from '../common/list-field.js';
import {
  BatchCreateFields, BatchDashboardSchema, BatchMoveSchema, BatchResponseSchema, BatchRoomSchema, BatchSchema,
  BatchUpdateFields, CustomBatchStatusSchema, HARVEST_UNITS, IdList, LinkSchema, QR_LABELS_MAX, QR_SIZE_MAX,
  PreharvestWarningSchema, QR_SIZE_MIN, StatusName,
} from './batch.schemas.js';

const anyone = { kind: 'user', roles: ALL_ROLES } as const;
const admins = { kind: 'user', roles: ADMIN_ROLES } as const;
const DateParam = CalendarDate;
const Weight = z.coerce.number({ error: 'must be a number' }).finite({ error: 'must be a finite number' }).min(0, { error: 'must be 0 or more' });
const Linked = success({ linked: z.boolean(), link: LinkSchema.nullable() });
const batchAndCompany = z.object({ batchId: Id });

export const batchesEndpoints = {
  createBatch: defineEndpoint({
    id: 'createBatch', domain: 'batches', method: 'POST', path: '/create_batch',
    summary: 'Create a batch (BatchNumber unique per company, case-insensitively)',
    auth: anyone, tenancy: { company: ['company_id'] },
    body: { kind: 'multipart', schema: BatchCreateFields },
    response: success({ message: z.string(), batch: BatchSchema }),
  }),
  getBatches: defineEndpoint({
    id: 'getBatches', domain: 'batches', method: 'GET', path: '/get_batches',
    summary: "The company's batches, newest first; the answer is a bare array (what existing clients read)",
    auth: anyone, tenancy: { company: ['company_id'] },
    query: z.object({ company_id: CompanyId }),
    response: z.array(BatchSchema),
    clientMessages: { fetchFailed: batchesMessages.fetchFailed },
  }),
  updateBatches: defineEndpoint({
    id: 'updateBatches', domain: 'batches', method: 'PUT', path: '/update_batches',
    summary: 'Change the fields sent; a status change is recorded in the history; harvested batches keep their status',
    auth: anyone, tenancy: { company: ['company_id'], resource: true },
    query: z.object({ batch_id: Id, company_id: CompanyId }),
    body: { kind: 'multipart', schema: BatchUpdateFields },
    response: success({ message: z.string(), batch: BatchSchema }),
  }),
  deleteBatches: defineEndpoint({
    id: 'deleteBatches', domain: 'batches', method: 'DELETE', path: '/delete_batches',
    summary: 'Delete a batch with its links and history (Admin)',
    auth: admins, tenancy: { company: ['company_id'], resource: true },
    query: z.object({ batch_id: Id, company_id: CompanyId }),
    response: MessageEnvelope,
    clientMessages: { unknownError: batchesMessages.unknownError },
  }),
  linkRoomBatch: defineEndpoint({
    id: 'linkRoomBatch', domain: 'batches', method: 'POST', path: '/link_room_batch',
    summary: 'Link a batch to a room (again, after a move away)',
    auth: anyone, tenancy: { resource: true },
    query: z.object({ room_id: Id, batch_id: Id }),
    response: success({ message: z.string(), link: LinkSchema }),
  }),
  linkGridBatch: defineEndpoint({
    id: 'linkGridBatch', domain: 'batches', method: 'POST', path: '/link_grid_batch',
    summary: 'Link a batch to a grid',
    auth: anyone, tenancy: { resource: true },
    query: z.object({ grid_id: Id, batch_id: Id }),
    response: success({ message: z.string(), link: LinkSchema }),
  }),
  linkGridboxBatch: defineEndpoint({
    id: 'linkGridboxBatch', domain: 'batches', method: 'POST', path: '/link_gridbox_batch',
    summary: "Link a batch to grid boxes; every box must be the company's",
    auth: anyone, tenancy: { resource: true },
    // An empty or missing list gets the spec's own sentence from the service, not a generic field message.
    body: { kind: 'json', schema: z.object({ batch_id: Id, grid_box_ids: IdList('grid box', 5000, 0).optional() }) },
    response: success({ message: z.string(), batch_id: z.number(), grid_box_ids: z.array(z.number()), newly_linked: z.number() }),
    clientMessages: { gridBoxesRequired: batchesMessages.gridBoxesRequired },
  }),
  getLinkedRoomsBatches: defineEndpoint({
    id: 'getLinkedRoomsBatches', domain: 'batches', method: 'GET', path: '/get_linked_rooms_batches',
    summary: 'Whether the batch is (currently) linked to the room, with the link',
    auth: anyone, tenancy: { resource: true },
    query: z.object({ room_id: Id, batch_id: Id }),
    response: Linked,
  }),
  getLinkedGridsBatches: defineEndpoint({
    id: 'getLinkedGridsBatches', domain: 'batches', method: 'GET', path: '/get_linked_grids_batches',
    summary: 'Whether the batch is linked to the grid, with the link',
    auth: anyone, tenancy: { resource: true },
    query: z.object({ grid_id: Id, batch_id: Id }),
    response: Linked,
  }),
  getLinkedGridboxesBatches: defineEndpoint({
    id: 'getLinkedGridboxesBatches', domain: 'batches', method: 'GET', path: '/get_linked_gridboxes_batches',
    summary: 'Whether the batch is linked to the grid box, with the link',
    auth: anyone, tenancy: { resource: true },
    query: z.object({ grid_box_id: Id, batch_id: Id }),
    response: Linked,
  }),
  getBatchesByRoom: defineEndpoint({
    id: 'getBatchesByRoom', domain: 'batches', method: 'GET', path: '/get_batches_by_room',
    summary: 'The batches currently in a room',
    auth: anyone, tenancy: { resource: true },
    query: z.object({ room_id: Id }),
    response: success({ room_id: z.number(), batches: z.array(BatchSchema) }),
  }),
  getRoomsByBatch: defineEndpoint({
    id: 'getRoomsByBatch', domain: 'batches', method: 'GET', path: '/get_rooms_by_batch',
    summary: 'The rooms a batch is currently in',
    auth: anyone, tenancy: { resource: true },
    query: z.object({ batch_id: Id }),
    response: success({ data: z.array(BatchRoomSchema) }),
    clientMessages: { batchIdRequired: batchesMessages.batchIdRequired, failed: batchesMessages.roomsByBatchFailed },
  }),
  batchQrUrl: defineEndpoint({
    id: 'batchQrUrl', domain: 'batches', method: 'GET', path: '/batch_qr_url/{batchId}',
    summary: "A PNG QR code as a data: URL; it encodes PUBLIC_URL/dashboard/batch-info/{batchId}",
    auth: anyone, tenancy: { company: ['company_id'], resource: true },
    params: batchAndCompany,
    query: z.object({
      company_id: CompanyId,
      size: z.coerce.number({ error: 'must be a number' }).int({ error: 'must be a whole number' })
        .min(QR_SIZE_MIN, { error: `must be at least ${QR_SIZE_MIN}` }).max(QR_SIZE_MAX, { error: `must be at most ${QR_SIZE_MAX}` })
        .default(QR_SIZE_DEFAULT),
    }),
    response: success({ url: z.string(), target_url: z.string(), size: z.number() }),
    clientMessages: { failed: batchesMessages.qrFailed },
  }),
  batchQr: defineEndpoint({
    id: 'batchQr', domain: 'batches', method: 'GET', path: '/batch_qr/{batchId}',
    summary: 'The QR code as a PNG download',
    auth: anyone, tenancy: { company: ['company_id'], resource: true },
    params: batchAndCompany,
    query: z.object({ company_id: CompanyId }),
    response: 'binary',
    clientMessages: { failed: batchesMessages.qrDownloadFailed },
  }),
  batchQrInfo: defineEndpoint({
    id: 'batchQrInfo', domain: 'batches', method: 'GET', path: '/batch_qr_info/{batchId}',
    summary: "What a label shows: the batch, its rooms and the QR code's target",
    auth: anyone, tenancy: { company: ['company_id'], resource: true },
    params: batchAndCompany,
    query: z.object({ company_id: CompanyId }),
    response: success({ batch: BatchSchema, rooms: z.array(BatchRoomSchema), target_url: z.string() }),
    clientMessages: { failed: batchesMessages.infoFailed },
  }),
  batchQrLabels: defineEndpoint({
    id: 'batchQrLabels', domain: 'batches', method: 'GET', path: '/batch_qr_labels',
    summary: 'Verdant extension: the data of a printable label sheet, one QR code per batch',
    auth: anyone, tenancy: { company: ['company_id'], resource: true },
    query: z.object({ company_id: CompanyId, batch_ids: IdList('batch', QR_LABELS_MAX) }),
    response: success({ labels: z.array(z.object({ batch: BatchSchema, rooms: z.array(BatchRoomSchema), qr_data_url: z.string(), target_url: z.string() })) }),
  }),
  harvestBatch: defineEndpoint({
    id: 'harvestBatch', domain: 'batches', method: 'POST', path: '/harvest_batch',
    summary: 'Harvest a batch: who and when, optional weights; once only',
    auth: anyone, tenancy: { company: ['company_id'], user: ['user_id'], resource: true },
    query: z.object({
      batch_id: Id,
      company_id: CompanyId,
      user_id: Id.optional(),
      wet_weight: Weight.optional(),
      dry_weight: Weight.optional(),
      unit: z.enum(HARVEST_UNITS, { error: `must be one of ${HARVEST_UNITS.join(', ')}` }).optional(),
      /** issue 22: an Admin's reason to harvest inside a pre-harvest interval (audited); without it such a harvest is refused (422). */
      preharvest_override_reason: absentIfBlank(z.string().trim().max(1000, { error: 'must be at most 1000 characters' })),
    }),
    /** preharvest_warnings: always sent by this server (empty when none); optional for older answers. */
    response: success({ message: z.string(), batch: BatchSchema, preharvest_warnings: z.array(PreharvestWarningSchema).optional() }),
    clientMessages: { failed: batchesMessages.harvestFailed },
  }),
  movePlants: defineEndpoint({
    id: 'movePlants', domain: 'batches', method: 'POST', path: '/move_plants',
    summary: "Move a batch from one room to another (also accepted on /move_plant with the same query)",
    auth: anyone, tenancy: { resource: true },
    query: z.object({ batch_id: Id, old_room_id: Id, new_room_id: Id }),
    response: success({ message: z.string(), move: BatchMoveSchema, grid_links_cleared: z.number(), box_links_cleared: z.number() }),
  }),
  getBatchHistoryByRoom: defineEndpoint({
    id: 'getBatchHistoryByRoom', domain: 'batches', method: 'POST', path: '/get_batch_history_by_room',
    summary: 'Every batch that has been in the room: link and unlink dates and its moves in and out',
    auth: anyone, tenancy: { resource: true },
    either: z.object({ room_id: Id }),
    response: success({
      room_id: z.number(),
      history: z.array(z.object({
        batch: BatchSchema,
        linked_at: z.string().nullable(),
        unlinked_at: z.string().nullable(),
        in_room: z.boolean(),
        moves: z.array(BatchMoveSchema),
      })),
    }),
  }),
  assignStatusToBatches: defineEndpoint({
    id: 'assignStatusToBatches', domain: 'batches', method: 'POST', path: '/assign_status_to_batches',
    summary: "Give many batches one status; every id must be the company's and not harvested, else nothing changes",
    auth: anyone, tenancy: { company: ['company_id'], resource: true },
    query: z.object({ company_id: CompanyId }),
    body: {
      kind: 'form',
      schema: z.object({
        batch_status: StatusName,
        batch_ids: IdList('batch'),
        /**
         * Verdant extension: the status the user saw on the batches (a change queued offline is sent later).
         * A batch whose status has changed since, to another one than batch_status, refuses the change (409).
         */
        expected_status: StatusName.optional(),
      }),
    },
    response: success({ message: z.string(), batch_status: z.string(), batch_ids: z.array(z.number()), changed: z.number() }),
  }),
  createCustomBatchStatus: defineEndpoint({
    id: 'createCustomBatchStatus', domain: 'batches', method: 'POST', path: '/create_custom_batch_status',
    summary: 'Add a company status (not a built-in name, unique case-insensitively)',
    auth: anyone, tenancy: { company: ['company_id'] },
    either: z.object({ company_id: CompanyId, status_name: StatusName }),
    response: success({ message: z.string(), custom_status: CustomBatchStatusSchema }),
  }),
  getCustomBatchStatuses: defineEndpoint({
    id: 'getCustomBatchStatuses', domain: 'batches', method: 'GET', path: '/get_custom_batch_statuses',
    summary: "The company's custom statuses (and the built-in ones, for the status pickers)",
    auth: anyone, tenancy: { company: ['company_id'] },
    query: z.object({ company_id: CompanyId }),
    response: success({ custom_statuses: z.array(CustomBatchStatusSchema), built_in_statuses: z.array(z.string()) }),
  }),
  deleteCustomBatchStatus: defineEndpoint({
    id: 'deleteCustomBatchStatus', domain: 'batches', method: 'DELETE', path: '/delete_custom_batch_status',
    summary: 'Remove a custom status no batch has (Admin)',
    auth: admins, tenancy: { company: ['company_id'] },
    either: z.object({ company_id: CompanyId, status_name: StatusName }),
    response: MessageEnvelope,
  }),
  filterBatchesByStatus: defineEndpoint({
    id: 'filterBatchesByStatus', domain: 'batches', method: 'GET', path: '/filter_batches_by_status',
    summary: 'Batches with one status (case-insensitive); an unknown status has none',
    auth: anyone, tenancy: { company: ['company_id'] },
    query: z.object({ company_id: CompanyId, status_name: StatusName }),
    response: success({ batches: z.array(BatchSchema) }),
  }),
  getBatchDashboard: defineEndpoint({
    id: 'getBatchDashboard', domain: 'batches', method: 'GET', path: '/get_batch_dashboard',
    summary: "One batch over a date range (default: its start date, or creation, to today)",
    auth: anyone, tenancy: { company: ['company_id'], resource: true },
    query: z.object({ company_id: CompanyId, batch_id: Id, start_date: DateParam.optional(), end_date: DateParam.optional() }),
    response: success({ batch_details: BatchDashboardSchema }),
  }),
  getBatchFormResponses: defineEndpoint({
    id: 'getBatchFormResponses', domain: 'batches', method: 'GET', path: '/get_batch_form_responses',
    summary: "Form responses about the batch or made in its grid boxes, newest first",
    auth: anyone, tenancy: { resource: true },
    query: z.object({ batch_id: Id }),
    response: success({ responses: z.array(BatchResponseSchema) }),
  }),
  getGridboxBatches: defineEndpoint({
    id: 'getGridboxBatches', domain: 'batches', method: 'GET', path: '/get_gridbox_batches',
    summary: 'For every box of a grid, the batches linked to it',
    auth: anyone, tenancy: { resource: true },
    query: z.object({ GridID: Id }),
    response: success({ GridBoxes: z.array(z.object({ GridBoxID: z.number(), batches: z.array(BatchSchema) })) }),
  }),
};
