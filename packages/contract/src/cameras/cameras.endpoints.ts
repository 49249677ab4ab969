import { z } from 'zod';
import { ADMIN_ROLES, ALL_ROLES, defineEndpoint } from '../http/define-endpoint.js';
import { success } from '../http/envelope.js';
import { CompanyId, FileField, Id, Int4 } from '../common/fields.js';
import { absentIfBlank } from '../common/list-field.js';
import { CapturedAt } from '../scans/scans.schemas.js';
import { Camera, CameraName, CameraScan, CAMERA_IMAGES_PER_PAGE_DEFAULT, CAMERA_IMAGES_PER_PAGE_MAX } from './cameras.schemas.js';

const admins = { kind: 'user', roles: ADMIN_ROLES } as const;
const anyone = { kind: 'user', roles: ALL_ROLES } as const;
const TokenIssued = { message: z.string(), camera: Camera, ingest_token: z.string() };

// Issue 13 names the camera pages; no camera call is in the catalogue: Verdant's design (docs/decisions.md, "Fixed cameras").
export const camerasEndpoints = {
  registerCamera: defineEndpoint({
    id: 'registerCamera', domain: 'cameras', method: 'POST', path: '/register_camera',
    summary: 'Register a fixed camera for a grid (Admin); answers its ingest token once (stored hashed)',
    auth: admins, tenancy: { company: ['company_id'], resource: true },
    either: z.object({ company_id: CompanyId, grid_id: Id, name: CameraName }),
    response: success(TokenIssued),
  }),
  getCameras: defineEndpoint({
    id: 'getCameras', domain: 'cameras', method: 'GET', path: '/get_cameras',
    summary: "The company's cameras, newest first, with their grid, token state and last image",
    auth: anyone, tenancy: { company: ['company_id'], resource: true },
    query: z.object({ company_id: CompanyId }),
    response: success({ cameras: z.array(Camera) }),
  }),
  getCameraImages: defineEndpoint({
    id: 'getCameraImages', domain: 'cameras', method: 'GET', path: '/get_camera_images',
    summary: "One camera and the scans of its images (results over time), newest first, a page at a time",
    auth: anyone, tenancy: { company: ['company_id'], resource: true },
    query: z.object({
      company_id: CompanyId,
      camera_id: Id,
      page: Int4(1).default(1),
      per_page: Int4(1).max(CAMERA_IMAGES_PER_PAGE_MAX, { error: `must be at most ${CAMERA_IMAGES_PER_PAGE_MAX}` }).default(CAMERA_IMAGES_PER_PAGE_DEFAULT),
    }),
    response: success({ camera: Camera, scans: z.array(CameraScan), page: z.number(), per_page: z.number(), total: z.number() }),
  }),
  revokeCameraToken: defineEndpoint({
    id: 'revokeCameraToken', domain: 'cameras', method: 'POST', path: '/revoke_camera_token',
    summary: "Revoke a camera's ingest token (Admin): its posts are refused from now on",
    auth: admins, tenancy: { company: ['company_id'], resource: true },
    either: z.object({ company_id: CompanyId, camera_id: Id }),
    response: success({ message: z.string(), camera: Camera }),
  }),
  rotateCameraToken: defineEndpoint({
    id: 'rotateCameraToken', domain: 'cameras', method: 'POST', path: '/rotate_camera_token',
    summary: "Replace a camera's ingest token (Admin): the old one is revoked, the new one answered once",
    auth: admins, tenancy: { company: ['company_id'], resource: true },
    either: z.object({ company_id: CompanyId, camera_id: Id }),
    response: success(TokenIssued),
  }),
  cameraIngest: defineEndpoint({
    id: 'cameraIngest', domain: 'cameras', method: 'POST', path: '/camera_ingest',
    summary:
      "A camera posts one image with Authorization: Bearer <its ingest token> (no user session): the company's model analyses it and files it as a grid scan of the camera's grid",
    auth: { kind: 'public' }, tenancy: { none: true },
    body: {
      kind: 'multipart',
      schema: z.object({
        image: FileField,
        /** When the camera took it; default: now. */
        captured_at: absentIfBlank(CapturedAt),
      }),
    },
    response: success({ message: z.string(), camera_id: z.number(), scan: CameraScan }),
  }),
};
