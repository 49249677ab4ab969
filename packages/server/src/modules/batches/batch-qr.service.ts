import QRCode from 'qrcode';
import { QR_SIZE_DEFAULT } from '@verdant/contract';
import type { Caller } from '../../plugins/auth.js';
import { toBatch, toRoomRef } from './batches.mapper.js';
import * as repo from './batches.repository.js';
import * as links from './batch-links.repository.js';
import { type BatchesDeps, requireBatch } from './batches.service.js';
import { notFound } from '../../lib/errors.js';

export interface QrDeps extends BatchesDeps {
  config: { publicUrl: string };
}

/** What the code encodes: the batch's info page, which opens after sign-in (issue 5). */
export const batchTargetUrl = (publicUrl: string, batchId: number) => `${publicUrl}/dashboard/batch-info/${batchId}`;

const qrOptions = (size: number) => ({ width: size, margin: 2, errorCorrectionLevel: 'M' as const });

export async function qrDataUrl(deps: QrDeps, caller: Caller, batchId: number, size = QR_SIZE_DEFAULT) {
  const batch = await requireBatch(deps, caller.company_id, batchId);
  const target = batchTargetUrl(deps.config.publicUrl, batch.batch_id);
  return { url: await QRCode.toDataURL(target, qrOptions(size)), targetUrl: target, size };
}

export async function qrPng(deps: QrDeps, caller: Caller, batchId: number) {
  const batch = await requireBatch(deps, caller.company_id, batchId);
  const png = await QRCode.toBuffer(batchTargetUrl(deps.config.publicUrl, batch.batch_id), { ...qrOptions(QR_SIZE_DEFAULT), type: 'png' });
  // File names keep to safe characters: batch numbers are free text.
  const filename = `batch-${batch.batch_number.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 60) || batch.batch_id}-qr.png`;
  return { png, filename };
}

export async function qrInfo(deps: QrDeps, caller: Caller, batchId: number) {
  const batch = await requireBatch(deps, caller.company_id, batchId);
  const rooms = await links.roomsOfBatches(deps.db, [batch.batch_id]);
  return { batch: toBatch(batch), rooms: rooms.map(toRoomRef), target_url: batchTargetUrl(deps.config.publicUrl, batch.batch_id) };
}

/** A printable sheet's data, in the order asked: every id must be the company's (else 404). */
export async function qrLabels(deps: QrDeps, caller: Caller, batchIds: number[]) {
  const ids = [...new Set(batchIds)];
  const rows = await repo.findBatches(deps.db, caller.company_id, ids);
  if (rows.length !== ids.length) throw notFound('Batch');
  const rooms = await links.roomsOfBatches(deps.db, ids);
  const byId = new Map(rows.map((r) => [r.batch_id, r]));
  return Promise.all(
    ids.map(async (id) => {
      const target = batchTargetUrl(deps.config.publicUrl, id);
      return {
        batch: toBatch(byId.get(id)!),
        rooms: rooms.filter((r) => r.batch_id === id).map(toRoomRef),
        qr_data_url: await QRCode.toDataURL(target, qrOptions(QR_SIZE_DEFAULT)),
        target_url: target,
      };
    }),
  );
}
