import { sql, type Kysely, type Transaction } from 'kysely';
import type { DetectionReview, ScanKind, ScanStatus, ScanType } from '@verdant/contract';
import type { DB } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;

export interface Place {
  room_id: number | null;
  grid_id: number | null;
  grid_box_id: number | null;
}

/** A box of the company with its grid and the grid's room (null when the grid is in none). */
export function findBox(db: Db, companyId: number, boxId: number) {
  return db
    .selectFrom('grid_boxes as b')
    .leftJoin('room_grid as rg', 'rg.grid_id', 'b.grid_id')
    .select(['b.grid_box_id', 'b.grid_id', 'rg.room_id'])
    .where('b.grid_box_id', '=', boxId)
    .where('b.company_id', '=', companyId)
    .orderBy('rg.id')
    .executeTakeFirst();
}

export function findGrid(db: Db, companyId: number, gridId: number) {
  return db
    .selectFrom('grids as g')
    .leftJoin('room_grid as rg', 'rg.grid_id', 'g.grid_id')
    .select(['g.grid_id', 'rg.room_id'])
    .where('g.grid_id', '=', gridId)
    .where('g.company_id', '=', companyId)
    .orderBy('rg.id')
    .executeTakeFirst();
}

export function findRoom(db: Db, companyId: number, roomId: number) {
  return db.selectFrom('rooms').select('room_id').where('room_id', '=', roomId).where('company_id', '=', companyId).executeTakeFirst();
}

/** A library problem, or one of the company's own. */
export function findProblem(db: Db, companyId: number, problemId: number) {
  return db
    .selectFrom('plant_problems')
    .select(['problem_id', 'name', 'slug'])
    .where('problem_id', '=', problemId)
    .where((eb) => eb.or([eb('company_id', 'is', null), eb('company_id', '=', companyId)]))
    .executeTakeFirst();
}

export interface NewScan extends Place {
  company_id: number;
  scan_type: ScanType;
  ai_model: string;
  engine: string;
  engine_version: string;
  model: string;
  model_version: string;
  kind: ScanKind;
  status: ScanStatus;
  client_analysis: string | null;
  captured_at: Date;
  created_by: number;
}

export async function insertScan(trx: Transaction<DB>, row: NewScan): Promise<number> {
  return (await trx.insertInto('scans').values(row).returning('scan_id').executeTakeFirstOrThrow()).scan_id;
}

export interface NewImage {
  company_id: number;
  scan_id: number;
  position: number;
  image_key: string;
  thumb_key: string;
  width: number;
  height: number;
  kind: ScanKind;
  analysis: string;
}

export async function insertImage(trx: Transaction<DB>, row: NewImage): Promise<number> {
  return (await trx.insertInto('scan_images').values(row).returning('scan_image_id').executeTakeFirstOrThrow()).scan_image_id;
}

export interface NewDetection {
  company_id: number;
  scan_id: number;
  scan_image_id: number;
  label: string;
  problem_id: number | null;
  problem: string | null;
  confidence: number;
  affected_percent: number | null;
  count: number | null;
  severity: number | null;
  regions: string;
  observation_id: number | null;
}

export async function insertDetection(trx: Transaction<DB>, row: NewDetection): Promise<number> {
  return (await trx.insertInto('scan_detections').values(row).returning('detection_id').executeTakeFirstOrThrow()).detection_id;
}

const scanColumns = [
  's.scan_id', 's.company_id', 's.scan_type', 's.status', 's.kind', 's.room_id', 's.grid_id', 's.grid_box_id', 's.ai_model', 's.engine',
  's.engine_version', 's.model', 's.model_version', 's.captured_at', 's.created_at', 's.created_by', 's.client_analysis',
] as const;

function scansWithPlace(db: Db) {
  return db
    .selectFrom('scans as s')
    .leftJoin('rooms as r', 'r.room_id', 's.room_id')
    .leftJoin('grids as g', 'g.grid_id', 's.grid_id')
    .leftJoin('grid_boxes as b', 'b.grid_box_id', 's.grid_box_id')
    .leftJoin('users as u', 'u.user_id', 's.created_by')
    .select(scanColumns)
    .select(['r.name as room_name', 'g.name as grid_name', 'b.custom_name as box_name', 'b.x as box_x', 'b.y as box_y', 'u.first_name', 'u.last_name'])
    .select((eb) => [
      eb.selectFrom('scan_images as i').select((e) => e.fn.countAll<string>().as('n')).whereRef('i.scan_id', '=', 's.scan_id').as('image_count'),
      eb.selectFrom('scan_images as i').select('i.thumb_key').whereRef('i.scan_id', '=', 's.scan_id').orderBy('i.position').limit(1).as('first_thumb'),
      eb.selectFrom('scan_detections as d').select((e) => e.fn.countAll<string>().as('n')).whereRef('d.scan_id', '=', 's.scan_id').as('detection_count'),
      sql<string[] | null>`(SELECT array_agg(DISTINCT coalesce(cp.name, d.problem) ORDER BY coalesce(cp.name, d.problem))
        FROM scan_detections d LEFT JOIN plant_problems cp ON cp.problem_id = d.corrected_problem_id
        WHERE d.scan_id = s.scan_id AND d.review <> 'rejected' AND coalesce(cp.name, d.problem) IS NOT NULL)`.as('problems'),
    ]);
}
export type ScanRow = NonNullable<Awaited<ReturnType<ReturnType<typeof scansWithPlace>['executeTakeFirst']>>>;

export function findScan(db: Db, companyId: number, scanId: number) {
  return scansWithPlace(db).where('s.scan_id', '=', scanId).where('s.company_id', '=', companyId).executeTakeFirst();
}

export interface ScanFilter {
  companyId: number;
  scanType?: ScanType;
  roomId?: number;
  gridId?: number;
  from?: string;
  to?: string;
  status?: ScanStatus;
}

function filtered(db: Db, f: ScanFilter) {
  let q = db.selectFrom('scans as s').where('s.company_id', '=', f.companyId);
  if (f.scanType) q = q.where('s.scan_type', '=', f.scanType);
  if (f.roomId !== undefined) q = q.where('s.room_id', '=', f.roomId);
  if (f.gridId !== undefined) q = q.where('s.grid_id', '=', f.gridId);
  if (f.status) q = q.where('s.status', '=', f.status);
  if (f.from) q = q.where('s.captured_at', '>=', sql<Date>`${f.from}::date::timestamp AT TIME ZONE 'UTC'`);
  if (f.to) q = q.where('s.captured_at', '<', sql<Date>`(${f.to}::date + 1)::timestamp AT TIME ZONE 'UTC'`);
  return q;
}

export async function listScans(db: Db, f: ScanFilter, limit: number, offset: number) {
  const ids = filtered(db, f).select('s.scan_id').orderBy('s.captured_at', 'desc').orderBy('s.scan_id', 'desc').limit(limit).offset(offset);
  const [page, total] = await Promise.all([
    ids.execute(),
    filtered(db, f).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const wanted = page.map((r) => r.scan_id);
  const rows = wanted.length ? await scansWithPlace(db).where('s.scan_id', 'in', wanted).execute() : [];
  const byId = new Map(rows.map((r) => [r.scan_id, r]));
  return { rows: wanted.map((id) => byId.get(id)!), total: Number(total.n) };
}

export function imagesOf(db: Db, scanId: number) {
  return db.selectFrom('scan_images').selectAll().where('scan_id', '=', scanId).orderBy('position').execute();
}

function detectionsQuery(db: Db) {
  return db
    .selectFrom('scan_detections as d')
    .leftJoin('plant_problems as cp', 'cp.problem_id', 'd.corrected_problem_id')
    .leftJoin('problem_observations as o', 'o.observation_id', 'd.observation_id')
    .selectAll('d')
    .select(['cp.name as corrected_problem', 'o.status as observation_status']);
}
export type DetectionRow = Awaited<ReturnType<ReturnType<typeof detectionsQuery>['executeTakeFirstOrThrow']>>;

export function detectionsOf(db: Db, scanId: number) {
  return detectionsQuery(db).where('d.scan_id', '=', scanId).orderBy('d.detection_id').execute();
}

export function findDetection(db: Db, detectionId: number) {
  return detectionsQuery(db).where('d.detection_id', '=', detectionId).executeTakeFirstOrThrow();
}

/** Locks a detection of the company with its scan's place and creator; undefined when it is not the company's. */
export function lockDetection(trx: Transaction<DB>, companyId: number, detectionId: number) {
  return trx
    .selectFrom('scan_detections as d')
    .innerJoin('scans as s', 's.scan_id', 'd.scan_id')
    .selectAll('d')
    .select(['s.room_id', 's.grid_id', 's.grid_box_id', 's.captured_at'])
    .where('d.detection_id', '=', detectionId)
    .where('d.company_id', '=', companyId)
    .forUpdate('d')
    .executeTakeFirst();
}

export interface DetectionReviewPatch {
  review: DetectionReview;
  corrected_problem_id: number | null;
  reviewed_by: number;
  reviewed_at: Date;
  observation_id: number | null;
}

export async function updateDetection(trx: Transaction<DB>, detectionId: number, patch: DetectionReviewPatch) {
  await trx.updateTable('scan_detections').set(patch).where('detection_id', '=', detectionId).execute();
}

/**
 * needs_review while a detection is pending, reviewed once none is. Without detections the scan keeps what
 * it was filed as: clear, or uncertain until a person reviews it (docs/decisions.md, "One analysis everywhere").
 */
export async function refreshScanStatus(trx: Transaction<DB>, scanId: number): Promise<ScanStatus> {
  const counts = await trx
    .selectFrom('scan_detections')
    .select((eb) => [eb.fn.countAll<string>().as('all'), eb.fn.count<string>(sql`CASE WHEN review = 'pending' THEN 1 END`).as('pending')])
    .where('scan_id', '=', scanId)
    .executeTakeFirstOrThrow();
  if (Number(counts.all) === 0) return (await trx.selectFrom('scans').select('status').where('scan_id', '=', scanId).executeTakeFirstOrThrow()).status;
  const status: ScanStatus = Number(counts.pending) > 0 ? 'needs_review' : 'reviewed';
  await trx.updateTable('scans').set({ status }).where('scan_id', '=', scanId).execute();
  return status;
}

/** Sets a scan's status (a person checked an uncertain scan). */
export async function setScanStatus(trx: Transaction<DB>, scanId: number, status: ScanStatus) {
  await trx.updateTable('scans').set({ status }).where('scan_id', '=', scanId).execute();
}

/** Locks a scan of the company; undefined when it is not the company's. */
export function lockScan(trx: Transaction<DB>, companyId: number, scanId: number) {
  return trx.selectFrom('scans').selectAll().where('scan_id', '=', scanId).where('company_id', '=', companyId).forUpdate().executeTakeFirst();
}

/**
 * Deletes a scan; answers its images (the files are the caller's to delete after commit) and the observations
 * its detections filed, which the observations module removes (they do not go with the scan by themselves).
 */
export async function deleteScan(trx: Transaction<DB>, companyId: number, scanId: number) {
  const images = await trx.selectFrom('scan_images').select(['image_key', 'thumb_key']).where('scan_id', '=', scanId).execute();
  const observations = await trx
    .selectFrom('scan_detections')
    .select('observation_id')
    .where('scan_id', '=', scanId)
    .where('observation_id', 'is not', null)
    .execute();
  const observationIds = observations.map((o) => o.observation_id!);
  await trx.deleteFrom('scans').where('scan_id', '=', scanId).where('company_id', '=', companyId).execute();
  return { images, observationIds };
}
