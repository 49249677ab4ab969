import { createHash, randomBytes } from 'node:crypto';
import { camerasMessages as msg, type camerasEndpoints, type Camera, type EndpointInput, type UserRole } from '@verdant/contract';
import type { Caller } from '../../plugins/auth.js';
import type { Deps } from '../../lib/deps.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError, conflict, notFound, unauthorized } from '../../lib/errors.js';
import { assertOwnCompany } from '../../lib/own-company.js';
import { iso, isoOrNull } from '../../lib/iso.js';
import { createScan, scanDetails } from '../scans/scans.service.js';
import * as repo from './cameras.repository.js';

type Input<K extends keyof typeof camerasEndpoints> = EndpointInput<(typeof camerasEndpoints)[K]>;

/** A new ingest token: 32 random bytes; only its SHA-256 is stored, and a short hint to tell tokens apart. */
export const TOKEN_PREFIX = 'vcam_';
export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');
function newToken() {
  const token = TOKEN_PREFIX + randomBytes(32).toString('base64url');
  return { token, stored: { token_hash: hashToken(token), token_hint: token.slice(0, TOKEN_PREFIX.length + 4) } };
}

const toCamera = (r: repo.CameraRow): Camera => ({
  camera_id: r.camera_id, name: r.name, RoomID: r.room_id ?? null, RoomName: r.room_name ?? null, GridID: r.grid_id, GridName: r.grid_name,
  token_status: r.token_revoked_at ? 'revoked' : 'active', token_hint: `${r.token_hint}…`, token_created_at: iso(r.token_created_at),
  last_ingest_at: isoOrNull(r.last_ingest_at), image_count: Number(r.image_count ?? 0), created_at: iso(r.created_at), created_by: r.created_by,
});

async function readCamera({ db }: Deps, companyId: number, cameraId: number) {
  const row = await repo.findCamera(db, companyId, cameraId);
  if (!row) throw notFound('Camera');
  return toCamera(row);
}

export async function registerCamera({ db }: Deps, caller: Caller, input: Input<'registerCamera'>) {
  assertOwnCompany(caller, input.company_id);
  if (!(await repo.findGrid(db, caller.company_id, input.grid_id))) throw notFound('Grid');
  const { token, stored } = newToken();
  const cameraId = await db.transaction().execute(async (trx) => {
    const id = await repo.insertCamera(trx, { company_id: caller.company_id, grid_id: input.grid_id, name: input.name, ...stored, created_by: caller.user_id });
    await writeAudit(trx, {
      companyId: caller.company_id, userId: caller.user_id, action: 'camera.register', entityType: 'camera', entityId: id,
      after: { name: input.name, grid_id: input.grid_id, token_hint: stored.token_hint },
    });
    return id;
  });
  return { status: 'success' as const, message: msg.registered, camera: await readCamera({ db }, caller.company_id, cameraId), ingest_token: token };
}

export async function listCameras({ db }: Deps, caller: Caller, input: Input<'getCameras'>) {
  assertOwnCompany(caller, input.company_id);
  return { status: 'success' as const, cameras: (await repo.listCameras(db, caller.company_id)).map(toCamera) };
}

export async function cameraImages(deps: Deps, caller: Caller, input: Input<'getCameraImages'>) {
  assertOwnCompany(caller, input.company_id);
  const camera = await readCamera(deps, caller.company_id, input.camera_id);
  const { ids, total } = await repo.scanIdsOf(deps.db, caller.company_id, input.camera_id, input.per_page, (input.page - 1) * input.per_page);
  const scans = [];
  for (const scanId of ids) scans.push((await scanDetails(deps, caller, { company_id: caller.company_id, scan_id: scanId })).scan);
  return { status: 'success' as const, camera, scans, page: input.page, per_page: input.per_page, total };
}

/** Revoke (token: null) or rotate (a new token); both under the camera's row lock, both audited. */
async function changeToken({ db }: Deps, caller: Caller, cameraId: number, rotate: boolean) {
  const issued = rotate ? newToken() : null;
  await db.transaction().execute(async (trx) => {
    const cam = await repo.lockCamera(trx, caller.company_id, cameraId);
    if (!cam) throw notFound('Camera');
    if (!rotate && cam.token_revoked_at) throw conflict(msg.alreadyRevoked);
    await repo.setToken(trx, cameraId, issued?.stored ?? null, new Date());
    await writeAudit(trx, {
      companyId: caller.company_id, userId: caller.user_id, action: rotate ? 'camera.rotate_token' : 'camera.revoke_token', entityType: 'camera', entityId: cameraId,
      before: { token_hint: cam.token_hint, revoked: cam.token_revoked_at !== null },
      after: { token_hint: issued?.stored.token_hint ?? cam.token_hint, revoked: !rotate },
    });
  });
  return { camera: await readCamera({ db }, caller.company_id, cameraId), token: issued?.token };
}

export async function revokeToken(deps: Deps, caller: Caller, input: Input<'revokeCameraToken'>) {
  assertOwnCompany(caller, input.company_id);
  const { camera } = await changeToken(deps, caller, input.camera_id, false);
  return { status: 'success' as const, message: msg.revoked, camera };
}

export async function rotateToken(deps: Deps, caller: Caller, input: Input<'rotateCameraToken'>) {
  assertOwnCompany(caller, input.company_id);
  const { camera, token } = await changeToken(deps, caller, input.camera_id, true);
  return { status: 'success' as const, message: msg.rotated, camera, ingest_token: token! };
}

/**
 * A camera's post: the token (not a session) names the camera, hence the company and the grid; the
 * scans module analyses and files the image as a grid scan authored by the camera's registrar, and
 * camera_scans marks it as the camera's.
 */
export async function ingest(deps: Deps<'config' | 'log' | 'files'>, bearer: string | null, input: Input<'cameraIngest'>) {
  if (!bearer) throw unauthorized(msg.tokenMissing);
  if (!bearer.startsWith(TOKEN_PREFIX) || bearer.length > 200) throw unauthorized(msg.tokenRefused);
  const cam = await repo.cameraByTokenHash(deps.db, hashToken(bearer));
  if (!cam || cam.token_revoked_at) throw unauthorized(msg.tokenRefused);
  if (cam.user_id === null || cam.user_role === null) throw new AppError('conflict', msg.noRegistrar);
  const caller: Caller = { user_id: cam.user_id, company_id: cam.company_id, user_role: cam.user_role as UserRole };
  const { scan } = await createScan(deps, caller, {
    company_id: cam.company_id, scan_type: 'grid', grid_id: cam.grid_id, images: input.image, captured_at: input.captured_at,
  } as Parameters<typeof createScan>[2]);
  await repo.recordScan(deps.db, { camera_id: cam.camera_id, scan_id: scan.scan_id, company_id: cam.company_id, captured_at: new Date(scan.captured_at) });
  return { status: 'success' as const, message: msg.ingested, camera_id: cam.camera_id, scan };
}
