import { ADMIN_ROLES, scansMessages as msg, SCAN_MAX_IMAGES, type EndpointInput, type ScanKind, type scansEndpoints, type UploadedFile } from '@verdant/contract';
import type { Caller } from '../../plugins/auth.js';
import type { Deps } from '../../lib/deps.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.js';
import { deleteFilesQuietly, MAX_MEGAPIXELS, processImage, storeImage, type StoredImage } from '../../lib/images/images.js';
import { assertOwnCompany } from '../../lib/own-company.js';
import { decodeForAnalysis } from '../../lib/vision/pixels.js';
import { engineOf, runModel, scanStatusOf, type ImageResult } from '../../lib/vision/engine.js';
import { defaultModel, findModel, offeredModel, type ScanModel } from '../../lib/vision/models.js';
import { getCompanySetting } from '../company_settings/company-settings.service.js';
import { deleteScanObservations, fileObservations, problemMatcher } from '../observations/observations.service.js';
import { markScannedIn } from '../scouting/index.js';
import * as repo from './scans.repository.js';
import { toDetails, toSummary } from './scans.mapper.js';

type Input<K extends keyof typeof scansEndpoints> = EndpointInput<(typeof scansEndpoints)[K]>;
const isAdmin = (caller: Caller) => ADMIN_ROLES.some((r) => r === caller.user_role);

/** The place a scan is of, checked against the company; the ids above it filled in from the facility. */
async function resolvePlace({ db }: Deps, caller: Caller, input: Input<'createScan'>): Promise<repo.Place> {
  // Another company's id is a 404 like any other; one of the company's that names another place, a 400.
  const agree = async (given: number | undefined, actual: number | null, field: 'room_id' | 'grid_id', what: 'room' | 'grid') => {
    if (given === undefined || given === actual) return;
    const exists = what === 'room' ? await repo.findRoom(db, caller.company_id, given) : await repo.findGrid(db, caller.company_id, given);
    if (!exists) throw notFound(what === 'room' ? 'Room' : 'Grid');
    throw badRequest(`${field} is not the ${what} of this ${input.scan_type}.`, field);
  };
  if (input.scan_type === 'box') {
    if (input.grid_box_id === undefined) throw badRequest(msg.placeMissing, 'grid_box_id');
    const box = await repo.findBox(db, caller.company_id, input.grid_box_id);
    if (!box) throw notFound('Grid box');
    await agree(input.grid_id, box.grid_id, 'grid_id', 'grid');
    await agree(input.room_id, box.room_id, 'room_id', 'room');
    return { room_id: box.room_id, grid_id: box.grid_id, grid_box_id: box.grid_box_id };
  }
  if (input.scan_type === 'grid') {
    if (input.grid_id === undefined) throw badRequest(msg.placeMissing, 'grid_id');
    if (input.grid_box_id !== undefined) throw badRequest(msg.placeMissing, 'grid_box_id');
    const grid = await repo.findGrid(db, caller.company_id, input.grid_id);
    if (!grid) throw notFound('Grid');
    await agree(input.room_id, grid.room_id, 'room_id', 'room');
    return { room_id: grid.room_id, grid_id: grid.grid_id, grid_box_id: null };
  }
  if (input.room_id === undefined) throw badRequest(msg.placeMissing, 'room_id');
  if (input.grid_id !== undefined || input.grid_box_id !== undefined) throw badRequest(msg.placeMissing, input.grid_id !== undefined ? 'grid_id' : 'grid_box_id');
  const room = await repo.findRoom(db, caller.company_id, input.room_id);
  if (!room) throw notFound('Room');
  return { room_id: room.room_id, grid_id: null, grid_box_id: null };
}

/** The model asked for, else the company's; a company choice the server no longer offers falls back to the default. */
async function chooseModel(deps: Deps<'config' | 'log'>, caller: Caller, asked: string | undefined): Promise<{ aiModel: string; model: ScanModel }> {
  if (asked !== undefined) return { aiModel: asked, model: await offeredModel(deps.config.aiModelDir, deps.log, asked) };
  const aiModel = await getCompanySetting(deps, caller, caller.company_id, 'ai_model');
  const model = await findModel(deps.config.aiModelDir, deps.log, aiModel);
  if (!model) deps.log.warn({ ai_model: aiModel, company_id: caller.company_id }, 'the company model is not offered; scanning with the default');
  return { aiModel, model: model ?? defaultModel() };
}

/** The scan's kind: a card wins over a leaf (a trap photo is what it was taken for), else leaf, else unknown. */
const scanKind = (results: ImageResult[]): ScanKind =>
  results.some((r) => r.kind === 'sticky_trap') ? 'sticky_trap' : results.some((r) => r.kind === 'leaf') ? 'leaf' : 'unknown';

function noteOf(scanId: number, label: string, d: ImageResult['detections'][number], model: string): string {
  const measure = d.affectedPercent !== null ? `${d.affectedPercent}% of the leaf` : d.count !== null ? `${d.count} on the card` : `confidence ${Math.round(d.confidence * 100)}%`;
  return `Scan ${scanId}: ${label}, ${measure} (${model}).`;
}

/**
 * Analyses every photo, then stores the scan, its photos and detections, files a suspected problem
 * (source 'scan', with the detection's confidence) per detection that names a problem, and marks the room and grid scanned by the caller,
 * in one transaction. The photos are stored first and deleted again if the transaction fails.
 */
export async function createScan(deps: Deps<'config' | 'log' | 'files'>, caller: Caller, input: Input<'createScan'>) {
  assertOwnCompany(caller, input.company_id);
  const files: UploadedFile[] = Array.isArray(input.images) ? input.images : [input.images];
  if (!files.length) throw badRequest(msg.imagesMissing, 'images');
  if (files.length > SCAN_MAX_IMAGES) throw new AppError('payload_too_large', msg.tooManyImages(SCAN_MAX_IMAGES), 'images');
  const place = await resolvePlace(deps, caller, input);
  const { aiModel, model } = await chooseModel(deps, caller, input.ai_model);
  const engine = engineOf(model);

  const analysed: Array<{ stored: StoredImage; width: number; height: number; result: ImageResult }> = [];
  const storedKeys: string[] = [];
  try {
    for (const [i, file] of files.entries()) {
      const field = files.length > 1 ? `images.${i}` : 'images';
      const processed = await processImage(file, field, { maxBytes: deps.config.limits.fileBytes });
      const pixels = await decodeForAnalysis(Buffer.from(file.data.buffer, file.data.byteOffset, file.data.byteLength), MAX_MEGAPIXELS * 1_000_000).catch(() => {
        throw badRequest(`${field} must be a JPEG, PNG or WebP image.`, field);
      });
      const result = await runModel(model, pixels);
      const stored = await storeImage(deps.files, caller.company_id, 'scans', processed);
      storedKeys.push(stored.imageKey, stored.thumbKey);
      analysed.push({ stored, width: processed.width, height: processed.height, result });
    }
    const keys = analysed.flatMap((a) => a.result.detections.map((d) => d.problemKey)).filter((k): k is string => k !== null);
    const match = await problemMatcher(deps, caller.company_id, keys);
    const capturedAt = input.captured_at ? new Date(input.captured_at) : new Date();
    const now = new Date();
    const scanId = await deps.db.transaction().execute(async (trx) => {
      const scanId = await repo.insertScan(trx, {
        company_id: caller.company_id, scan_type: input.scan_type, ...place, ai_model: aiModel, ...engine,
        kind: scanKind(analysed.map((a) => a.result)), status: scanStatusOf(analysed.map((a) => a.result)),
        client_analysis: input.client_analysis ? JSON.stringify(input.client_analysis) : null,
        captured_at: capturedAt, created_by: caller.user_id,
      });
      const found: Array<{ imageId: number; d: ImageResult['detections'][number]; problem: ReturnType<typeof match> }> = [];
      for (const [position, a] of analysed.entries()) {
        const imageId = await repo.insertImage(trx, {
          company_id: caller.company_id, scan_id: scanId, position, image_key: a.stored.imageKey, thumb_key: a.stored.thumbKey,
          width: a.width, height: a.height, kind: a.result.kind, analysis: JSON.stringify(a.result.analysis),
        });
        for (const d of a.result.detections) found.push({ imageId, d, problem: d.problemKey === null ? undefined : match(d.problemKey) });
      }
      // Each detection naming a problem is a suspected problem until a reviewer confirms it (issue 18); the
      // observations module files them and alerts as the company's rule for suspected problems says.
      const named = found.filter((f) => f.problem !== undefined);
      const ids = await fileObservations({ db: trx }, {
        companyId: caller.company_id, source: 'scan', originId: scanId, observedBy: caller.user_id, observedAt: capturedAt, suspected: true,
        observations: named.map(({ d, problem }) => ({
          place: { ...place, sub_gridbox_id: null }, problem: problem!.name, problem_id: problem!.problem_id, severity: d.severity,
          notes: noteOf(scanId, d.label, d, `${engine.model} ${engine.model_version}`), confidence: d.confidence,
        })),
      });
      const observationOf = new Map(named.map((f, i) => [f, ids[i]!]));
      const observations = ids.length;
      for (const f of found) {
        const { d, problem } = f;
        await repo.insertDetection(trx, {
          company_id: caller.company_id, scan_id: scanId, scan_image_id: f.imageId, label: d.label, problem_id: problem?.problem_id ?? null,
          problem: problem?.name ?? null, confidence: d.confidence, affected_percent: d.affectedPercent, count: d.count, severity: d.severity,
          regions: JSON.stringify(d.regions), observation_id: observationOf.get(f) ?? null,
        });
      }
      if (place.room_id !== null) await markScannedIn({ db: trx }, caller, { kind: 'room', id: place.room_id }, caller.user_id, now);
      if (place.grid_id !== null) await markScannedIn({ db: trx }, caller, { kind: 'grid', id: place.grid_id }, caller.user_id, now);
      await writeAudit(trx, {
        companyId: caller.company_id, userId: caller.user_id, action: 'scan.create', entityType: 'scan', entityId: scanId,
        after: { scan_type: input.scan_type, ...place, ai_model: aiModel, ...engine, images: analysed.length, observations },
      });
      return scanId;
    });
    return { status: 'success' as const, message: msg.created, scan: await readDetails(deps, caller.company_id, scanId) };
  } catch (err) {
    await deleteFilesQuietly(deps.files, storedKeys, deps.log);
    throw err;
  }
}

async function readDetails({ db }: Deps, companyId: number, scanId: number) {
  const scan = await repo.findScan(db, companyId, scanId);
  if (!scan) throw notFound('Scan');
  const [images, detections] = await Promise.all([repo.imagesOf(db, scanId), repo.detectionsOf(db, scanId)]);
  return toDetails(scan, images, detections);
}

export async function scanDetails(deps: Deps, caller: Caller, input: Input<'getScanDetails'>) {
  assertOwnCompany(caller, input.company_id);
  return { status: 'success' as const, scan: await readDetails(deps, caller.company_id, input.scan_id) };
}

export async function scanHistory({ db }: Deps, caller: Caller, input: Input<'getScanHistory'>) {
  assertOwnCompany(caller, input.company_id);
  if (input.start_date && input.end_date && input.start_date > input.end_date) throw badRequest(msg.dateOrder, 'start_date');
  if (input.room_id !== undefined && !(await repo.findRoom(db, caller.company_id, input.room_id))) throw notFound('Room');
  if (input.grid_id !== undefined && !(await repo.findGrid(db, caller.company_id, input.grid_id))) throw notFound('Grid');
  const offset = (input.page - 1) * input.per_page;
  const { rows, total } = await repo.listScans(
    db,
    {
      companyId: caller.company_id, scanType: input.scan_type === 'all' ? undefined : input.scan_type, roomId: input.room_id,
      gridId: input.grid_id, from: input.start_date, to: input.end_date, status: input.status,
    },
    input.per_page,
    offset,
  );
  return { status: 'success' as const, scans: rows.map(toSummary), page: input.page, per_page: input.per_page, total };
}

/**
 * A person looked at an uncertain scan and saw no problem: it becomes reviewed, audited with who did it
 * (docs/decisions.md, "One analysis everywhere"). Marking a reviewed scan again answers as it is (a retry);
 * any other status is a 409.
 */
export async function markChecked({ db }: Deps, caller: Caller, input: Input<'markScanChecked'>) {
  assertOwnCompany(caller, input.company_id);
  await db.transaction().execute(async (trx) => {
    const scan = await repo.lockScan(trx, caller.company_id, input.scan_id);
    if (!scan) throw notFound('Scan');
    if (scan.status === 'reviewed') return;
    if (scan.status !== 'uncertain') throw new AppError('conflict', msg.notUncertain, 'scan_id');
    await repo.setScanStatus(trx, scan.scan_id, 'reviewed');
    await writeAudit(trx, {
      companyId: caller.company_id, userId: caller.user_id, action: 'scan.check', entityType: 'scan', entityId: scan.scan_id,
      before: { status: scan.status }, after: { status: 'reviewed' },
    });
  });
  return { status: 'success' as const, message: msg.checked, scan_status: 'reviewed' as const };
}

/** The scan's maker or an Admin; the observations it filed go with it, its files after the commit. */
export async function deleteScan(deps: Deps<'files' | 'log'>, caller: Caller, input: Input<'deleteScan'>) {
  assertOwnCompany(caller, input.company_id);
  const gone = await deps.db.transaction().execute(async (trx) => {
    const scan = await repo.lockScan(trx, caller.company_id, input.scan_id);
    if (!scan) throw notFound('Scan');
    if (!isAdmin(caller) && scan.created_by !== caller.user_id) throw forbidden(msg.notOwner);
    const found = await repo.deleteScan(trx, caller.company_id, input.scan_id);
    const gone = { ...found, observationIds: await deleteScanObservations({ db: trx }, caller.company_id, found.observationIds) };
    await writeAudit(trx, {
      companyId: caller.company_id, userId: caller.user_id, action: 'scan.delete', entityType: 'scan', entityId: input.scan_id,
      before: { scan_type: scan.scan_type, room_id: scan.room_id, grid_id: scan.grid_id, grid_box_id: scan.grid_box_id, model: scan.model, observation_ids: gone.observationIds },
    });
    return gone;
  });
  await deleteFilesQuietly(deps.files, gone.images.flatMap((i) => [i.image_key, i.thumb_key]), deps.log);
  return {
    status: 'success' as const, message: msg.deleted, scan_id: input.scan_id,
    observations_deleted: gone.observationIds.length, images_deleted: gone.images.length,
  };
}
