import { BUILT_IN_BATCH_STATUSES, batchesEndpoints, batchesMessages as msg } from '@verdant/contract';
import type { Handlers } from '../../plugins/contract-routes.js';
import * as batches from './batches.service.js';
import * as statuses from './batch-statuses.service.js';
import * as links from './batch-links.service.js';
import * as qr from './batch-qr.service.js';
import * as dashboard from './batch-dashboard.service.js';

const ok = 'success' as const;

export const batchesHandlers: Handlers<typeof batchesEndpoints> = {
  createBatch: async ({ app, user, input }) => ({ status: ok, message: msg.created, batch: await batches.createBatch(app, user, input) }),
  getBatches: async ({ app, input }) => batches.listBatches(app, input.company_id),
  updateBatches: async ({ app, user, input }) => ({ status: ok, message: msg.updated, batch: await batches.updateBatch(app, user, input) }),
  deleteBatches: async ({ app, user, input }) => {
    await batches.deleteBatch(app, user, input);
    return { status: ok, message: msg.deleted };
  },
  linkRoomBatch: async ({ app, user, input }) => ({ status: ok, message: msg.linkedRoom, link: await links.linkRoom(app, user, input) }),
  linkGridBatch: async ({ app, user, input }) => ({ status: ok, message: msg.linkedGrid, link: await links.linkGrid(app, user, input) }),
  linkGridboxBatch: async ({ app, user, input }) => {
    const r = await links.linkGridBoxes(app, user, input);
    return { status: ok, message: msg.linkedBoxes, batch_id: r.batchId, grid_box_ids: r.gridBoxIds, newly_linked: r.newlyLinked };
  },
  getLinkedRoomsBatches: async ({ app, user, input }) => ({ status: ok, ...(await links.linkedRoom(app, user, input)) }),
  getLinkedGridsBatches: async ({ app, user, input }) => ({ status: ok, ...(await links.linkedGrid(app, user, input)) }),
  getLinkedGridboxesBatches: async ({ app, user, input }) => ({ status: ok, ...(await links.linkedGridBox(app, user, input)) }),
  getBatchesByRoom: async ({ app, user, input }) => ({ status: ok, room_id: input.room_id, batches: await links.batchesByRoom(app, user, input.room_id) }),
  getRoomsByBatch: async ({ app, user, input }) => ({ status: ok, data: await links.roomsByBatch(app, user, input.batch_id) }),
  batchQrUrl: async ({ app, user, input }) => {
    const r = await qr.qrDataUrl(app, user, input.batchId, input.size);
    return { status: ok, url: r.url, target_url: r.targetUrl, size: r.size };
  },
  batchQr: async ({ app, user, input, reply }) => {
    const r = await qr.qrPng(app, user, input.batchId);
    reply.type('image/png').header('content-disposition', `attachment; filename="${r.filename}"`).header('cache-control', 'private, no-cache');
    return r.png;
  },
  batchQrInfo: async ({ app, user, input }) => ({ status: ok, ...(await qr.qrInfo(app, user, input.batchId)) }),
  batchQrLabels: async ({ app, user, input }) => ({ status: ok, labels: await qr.qrLabels(app, user, input.batch_ids) }),
  harvestBatch: async ({ app, user, input }) => ({ status: ok, message: msg.harvested, ...(await batches.harvestBatch(app, user, input)) }),
  movePlants: async ({ app, user, input }) => ({ status: ok, ...(await links.moveBatchBetweenRooms(app, user, input)) }),
  getBatchHistoryByRoom: async ({ app, user, input }) => ({ status: ok, room_id: input.room_id, history: await links.historyByRoom(app, user, input.room_id) }),
  assignStatusToBatches: async ({ app, user, input }) => {
    const r = await statuses.assignStatus(app, user, input);
    return { status: ok, message: msg.statusAssigned, batch_status: r.status, batch_ids: r.batchIds, changed: r.changed };
  },
  createCustomBatchStatus: async ({ app, user, input }) => ({
    status: ok,
    message: msg.customStatusCreated,
    custom_status: await statuses.createCustomStatus(app, user, input),
  }),
  getCustomBatchStatuses: async ({ app, input }) => ({
    status: ok,
    custom_statuses: await statuses.listCustomStatuses(app, input.company_id),
    built_in_statuses: [...BUILT_IN_BATCH_STATUSES],
  }),
  deleteCustomBatchStatus: async ({ app, user, input }) => {
    await statuses.deleteCustomStatus(app, user, input);
    return { status: ok, message: msg.customStatusDeleted };
  },
  filterBatchesByStatus: async ({ app, input }) => ({ status: ok, batches: await batches.listBatches(app, input.company_id, input.status_name) }),
  getBatchDashboard: async ({ app, user, input }) => ({ status: ok, batch_details: await dashboard.batchDashboard(app, user, input) }),
  getBatchFormResponses: async ({ app, user, input }) => ({ status: ok, responses: await dashboard.batchFormResponses(app, user, input.batch_id) }),
  getGridboxBatches: async ({ app, user, input }) => ({ status: ok, GridBoxes: await links.gridBoxBatches(app, user, input.GridID) }),
};
