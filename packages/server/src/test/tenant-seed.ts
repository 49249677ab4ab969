import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { DAY_MS, type EndpointConfig } from '@verdant/contract';
import { makeTenant } from './factories.js';
import { SAMPLE_FILE, type SampleHints } from './zod-sample.js';
import { makeFacility } from './fixtures/sub-gridboxes.fixtures.js';
import { makeTemplate } from './fixtures/form-responses.test-kit.js';
import { seedProblemsForWalk } from './fixtures/problems-walk-seed.js';
import { seedTraysAndLinksForWalk } from './fixtures/trays-walk-seed.js';
import { seedBatchesForWalk } from './fixtures/batches-walk-seed.js';
import { seedTreatmentsForWalk } from './fixtures/treatments-walk-seed.js';
import { seedTasksForWalk } from './fixtures/tasks-walk-seed.js';
import { seedScansForWalk } from './fixtures/scans-walk-seed.js';
import { seedCamerasForWalk } from './fixtures/cameras-walk-seed.js';
import { seedApiTokensForWalk } from './fixtures/api-tokens-walk-seed.js';
import { seedAutomationsForWalk } from './fixtures/automations-walk-seed.js';
import { seedConsultantsForWalk } from './fixtures/consultants-walk-seed.js';
import { seedThresholdsForWalk } from './fixtures/thresholds-walk-seed.js';
import { seedPlantProtectionForWalk } from './fixtures/plant-protection-walk-seed.js';
import { seedCropRegistrationForWalk } from './fixtures/crop-registration-walk-seed.js';
import { importRequest } from './fixtures/facility-transfer.test-kit.js';

export type Tenant = Awaited<ReturnType<typeof makeTenant>>;

export interface SeededTenant extends Tenant {
  /** Strings only this tenant's data contains; no other tenant's answer may include one. */
  markers: string[];
  /** This tenant's ids, keyed by the normalised wire name that carries them (see `normaliseIdKey`). */
  ids: Record<string, number | string>;
  /**
   * Ids that mean something else in one endpoint or domain (keyed by endpoint id, then domain): a
   * `template_id` is a grid template's, a form template's or a tray template's depending on who asks.
   */
  idsFor: Record<string, Record<string, number | string>>;
}

/** 'Grid_boxIDs', 'grid_box_id' and 'GridBoxID' all name the same thing: 'gridboxid'. */
export const normaliseIdKey = (key: string) => key.toLowerCase().replace(/[^a-z0-9]/g, '').replace(/s$/, '');

/**
 * A company with users of every role and data in every domain. Seed it before any other tenant so
 * its rows hold the low ids: a guessed id (1) then names this tenant's data, not nothing.
 * A domain that adds tenant data adds a row of it here, its id under `ids` and a marker if it has text.
 */
export async function seedTenantWithData(app: FastifyInstance): Promise<SeededTenant> {
  const tag = randomBytes(4).toString('hex');
  const tenant = await makeTenant(app);
  const company = await app.db
    .updateTable('companies')
    .set({ company_name: `Marker Orchids ${tag}`, contact_name: `Marker Contact ${tag}`, contact_phone: `+99 ${tag}` })
    .where('company_id', '=', tenant.companyId)
    .returningAll()
    .executeTakeFirstOrThrow();

  const settings = (path: string, query: Record<string, string>) =>
    app.inject({ method: 'POST', url: `/api${path}`, headers: tenant.admin.auth, query: { company_id: String(tenant.companyId), ...query } });
  for (const [path, query] of [
    ['/set_company_language', { language: 'nl' }],
    ['/set_grid_opacity', { grid_opacity: '0.35' }],
    ['/update_stickytrap_render', { value: '7' }],
    ['/set_company_ai_model', { ai_model: 'pestDetection' }],
  ] as const) {
    const res = await settings(path, query);
    if (res.statusCode !== 200) throw new Error(`seeding ${path} failed: ${res.body}`);
  }

  const inviteeEmail = `invitee-${tag}@example.com`;
  const invitation = await app.db
    .insertInto('invitations')
    .values({
      company_id: tenant.companyId,
      email: inviteeEmail,
      role: 'Regular',
      token_hash: `seed-${tag}`,
      invited_by: tenant.admin.user_id,
      expires_at: new Date(Date.now() + DAY_MS),
    })
    .returning('invitation_id')
    .executeTakeFirstOrThrow();

  // Facility (rooms, grids, grid boxes, whiteboards, scan marks) — seeded through its own endpoints.
  const facility = await seedFacilityForWalk(app, tenant, tag);
  // Sub-boxes, plants, templates and moves — seeded through their own endpoints.
  const plants = await seedPlantsForWalk(app, tenant, tag);
  // Form templates with fields and a hide-until link — seeded through their own endpoints.
  const forms = await seedFormTemplatesForWalk(app, tenant, tag);
  // Form responses, a sticky-trap reading and a comment — seeded through their own endpoints.
  const responses = await seedFormResponsesForWalk(app, tenant, tag, facility.ids.gridboxid);

  // Plant problems, colour mappings and an open observation in the facility's grid box (problems modules).
  const problems = await seedProblemsForWalk(app, tenant, tag, facility.ids);
  // Crops (plants-to-batch, batch problems, trays): a batch with a linked plant, a problem, a tray template and a tray.
  const trays = await seedTraysAndLinksForWalk(app, tenant, tag, facility.ids.roomid);
  // Batches: a custom status, a batch linked to the facility's room, grid and box, moved in from a room of its own.
  const batches = await seedBatchesForWalk(app, tenant, tag, facility.ids);
  // Spray products and treatments: a product, its treatment and an application to the facility's box.
  const treatments = await seedTreatmentsForWalk(app, tenant, tag, facility.ids.gridboxid);
  // Tasks: a task form, a submitted task titled and assigned, and a task automation.
  const tasks = await seedTasksForWalk(app, tenant, tag);
  // Scans: a photo scan of the facility's box with a confirmed detection.
  const scans = await seedScansForWalk(app, tenant, Number(facility.ids.gridboxid));
  // Cameras: a camera on the facility's grid that has posted an image with its token (the token is a marker).
  const cameras = await seedCamerasForWalk(app, tenant, Number(facility.ids.gridid), tag);
  // API tokens: a read token of the admin's.
  const apiTokens = await seedApiTokensForWalk(app, tenant, tag);
  // Automations: a problem alert by e-mail and the delivery an observation raised.
  const automations = await seedAutomationsForWalk(app, tenant, tag);
  // Consultants: an outside adviser invited to the facility's room.
  const consultants = await seedConsultantsForWalk(app, tenant, tag, Number(facility.ids.roomid));
  // Action thresholds: one on the facility's room.
  const thresholds = await seedThresholdsForWalk(app, tenant, tag, Number(facility.ids.roomid));
  // Plant-protection register: the company's crops, a product with a unit and a received lot of it.
  const plantProtection = await seedPlantProtectionForWalk(app, tenant, tag);
  // Crop registration: a planting of that crop in the facility's room, sampled on its grid box.
  const cropRegistration = await seedCropRegistrationForWalk(app, tenant, tag, Number(facility.ids.roomid), Number(facility.ids.gridboxid), plantProtection.ids.cropid);
  // Bulk changes: one change of the facility's box (its status), for the undo to name.
  const bulk = await app.inject({
    method: 'POST',
    url: '/api/bulk/grid_boxes',
    headers: tenant.admin.auth,
    payload: { company_id: tenant.companyId, GridBoxIDs: [Number(facility.ids.gridboxid)], Status: `Walk ${tag}` },
  });
  if (bulk.statusCode !== 200) throw new Error(`seeding /bulk/grid_boxes failed: ${bulk.body}`);
  // Facility round trip: one import (a room of its own), for the undo to name.
  const imported = await app.inject(importRequest(tenant.companyId, tenant.admin.auth, `room,grid,columns,rows,column,row,box_name,status,color\nImported ${tag},G,1,1,1,1,,,\n`, 'walk.csv', false));
  if (imported.statusCode !== 200) throw new Error(`seeding /facility/import failed: ${imported.body}`);
  // Import jobs: a preview of the same file run as a job, for GET /import_jobs to name.
  const jobForm = new FormData();
  jobForm.append('company_id', String(tenant.companyId));
  jobForm.append('kind', 'facility');
  jobForm.append('dry_run', '1');
  jobForm.append('file', new Blob([`room,grid,columns,rows,column,row,box_name,status,color\nImported ${tag},G,1,1,1,1,,,\n`]), 'walk.csv');
  const job = await app.inject({ method: 'POST', url: '/api/import_jobs', headers: tenant.admin.auth, payload: jobForm });
  if (job.statusCode !== 200) throw new Error(`seeding /import_jobs failed: ${job.body}`);
  const ownProblem = await app.db.selectFrom('plant_problems').select('problem_id').where('company_id', '=', tenant.companyId).orderBy('problem_id').executeTakeFirstOrThrow();
  const note = await app.inject({
    method: 'POST',
    url: '/api/add_audit_event',
    headers: tenant.admin.auth,
    payload: { CompanyID: tenant.companyId, UserID: tenant.admin.user_id, EventTitle: `Marker Note ${tag}` },
  });
  if (note.statusCode !== 200) throw new Error(`seeding /add_audit_event failed: ${note.body}`);

  return {
    ...tenant,
    markers: [
      company.company_name,
      company.contact_name!,
      company.contact_email!,
      company.contact_phone!,
      tenant.superAdmin.email,
      tenant.admin.email,
      tenant.regular.email,
      inviteeEmail,
      ...facility.markers,
      ...plants.markers,
      ...forms.markers,
      ...responses.markers,
      ...problems.markers,
      ...trays.markers,
      ...batches.markers,
      ...treatments.markers,
      ...tasks.markers,
      ...automations.markers,
      ...consultants.markers,
      ...thresholds.markers,
      ...cameras.markers,
      ...apiTokens.markers,
      ...plantProtection.markers,
      ...cropRegistration.markers,
      `Marker Note ${tag}`,
    ],
    ids: {
      companyid: tenant.companyId,
      userid: tenant.admin.user_id,
      invitationid: invitation.invitation_id,
      ...facility.ids,
      ...plants.ids,
      ...forms.ids,
      ...responses.ids,
      ...problems.ids,
      ...trays.ids,
      ...batches.ids,
      ...treatments.ids,
      ...tasks.ids,
      ...scans.ids,
      ...automations.ids,
      ...consultants.ids,
      ...thresholds.ids,
      ...cameras.ids,
      ...apiTokens.ids,
      ...plantProtection.ids,
      ...cropRegistration.ids,
      changeid: (bulk.json() as { change: { change_id: number } }).change.change_id,
      importid: (imported.json() as { import: { import_id: number } }).import.import_id,
      jobid: (job.json() as { job: { job_id: number } }).job.job_id,
    },
    idsFor: {
      forms: responses.formIds,
      submitFormImage: { ...responses.formIds, fieldid: responses.formIds.photofieldid },
      trays: { templateid: trays.ids.traytemplateid },
      plant_problems: { problemid: ownProblem.problem_id },
      scans: { problemid: ownProblem.problem_id },
      treatments: { targetproblemid: ownProblem.problem_id },
      audit: { id: (note.json() as { event: { id: number } }).event.id },
      tasks: tasks.tasksIds,
      stock: plantProtection.stockIds,
    },
  };
}

/** One seeding request as the tenant's admin: query values stringified, anything but a 200 throws; the JSON body back. */
function seedCaller(app: FastifyInstance, tenant: Tenant) {
  return async (method: 'POST' | 'PUT' | 'GET', url: string, query: Record<string, string | number>, payload?: object) => {
    const res = await app.inject({
      method,
      url: `/api${url}`,
      headers: tenant.admin.auth,
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
      ...(payload ? { payload: payload as never } : {}),
    });
    if (res.statusCode !== 200) throw new Error(`seeding ${url} failed: ${res.body}`);
    return res.json();
  };
}

/** Facility rows of one tenant: a room with a whiteboard, a 2×2 grid with a named, culled box, and scan marks. */
async function seedFacilityForWalk(app: FastifyInstance, tenant: Tenant, tag: string) {
  const call = seedCaller(app, tenant);
  const roomForm = new FormData();
  roomForm.append('name', `Marker Room ${tag}`);
  roomForm.append('description', `Marker room description ${tag}`);
  const room = (await call('POST', '/create_room', { company_id: tenant.companyId }, roomForm)).room;
  const grid = (
    await call('POST', '/Create_grid', {}, { nx: 2, ny: 2, ngrid_name: `Marker Grid ${tag}`, ncompany_id: tenant.companyId, nroom_id: room.RoomID })
  ).grid;
  const box = await app.db.selectFrom('grid_boxes').select('grid_box_id').where('grid_id', '=', grid.id).orderBy('grid_box_id').executeTakeFirstOrThrow();
  const form = (fields: Record<string, string | number>) =>
    new URLSearchParams(Object.entries(fields).map(([k, v]): [string, string] => [k, String(v)])).toString();
  for (const [url, body] of [
    ['/update_grid_box_name', { GridBoxID: box.grid_box_id, custom_name: `Marker Box ${tag}` }],
    ['/update_culling_status', { GridBoxID: box.grid_box_id, user_id: tenant.admin.user_id, culled: 1 }],
  ] as const) {
    const res = await app.inject({
      method: 'POST',
      url: `/api${url}`,
      headers: { ...tenant.admin.auth, 'content-type': 'application/x-www-form-urlencoded' },
      payload: form(body),
    });
    if (res.statusCode !== 200) throw new Error(`seeding ${url} failed: ${res.body}`);
  }
  await call('POST', '/mark_room_scanned', { room_id: room.RoomID, user_id: tenant.admin.user_id });
  await call('POST', '/mark_grid_scanned', { grid_id: grid.id, user_id: tenant.admin.user_id });
  const board = new FormData();
  board.append('room_id', String(room.RoomID));
  board.append('imageFile', new Blob([SAMPLE_FILE.data], { type: 'image/png' }), 'board.png');
  const whiteboard = (await call('POST', '/upload_whiteboard_image', {}, board)).whiteboard;
  return {
    markers: [room.Name, room.Description, grid.Name, `Marker Box ${tag}`],
    ids: {
      roomid: room.RoomID,
      nroomid: room.RoomID,
      gridid: grid.id,
      gridboxid: box.grid_box_id,
      whiteboardid: whiteboard.whiteboard_id,
    },
  };
}

/** Sub-boxes with plants in a grid box of its own, a named sub-box, a SubGrid template and one move. */
async function seedPlantsForWalk(app: FastifyInstance, tenant: Tenant, tag: string) {
  const place = await makeFacility(app, tenant.companyId, { roomName: `Marker Plants Room ${tag}`, nx: 2, ny: 1 });
  const call = seedCaller(app, tenant);
  const user = tenant.admin.user_id;
  const made = await call('POST', '/create_sub_gridboxes', { parent_gridbox_id: place.box(1, 1), user_id: user, nx: 2, ny: 1 });
  const sub = made.sub_gridboxes[0];
  await call('PUT', '/update_sub_gridbox', {}, { sub_gridbox_id: sub.Sub_gridboxID, custom_name: `Marker Sub ${tag}` });
  const template = await call('POST', '/create_grid_templates', {
    template_name: `Marker Template ${tag}`,
    template_type: 'SubGrid',
    rows: 2,
    columns: 2,
    description: `Marker template description ${tag}`,
    company_id: tenant.companyId,
    user_id: user,
  });
  await call('POST', '/move_plant', {}, {
    plant_uid: made.sub_gridboxes[1].plant_uid,
    target_parent_gridbox_id: place.box(2, 1),
    user_id: user,
    target_position: { subx: 1, suby: 1 },
    movement_reason: `Marker reason ${tag}`,
    notes: `Marker notes ${tag}`,
  });
  return {
    markers: [`Marker Plants Room ${tag}`, `Marker Sub ${tag}`, `Marker Template ${tag}`, `Marker template description ${tag}`, `Marker reason ${tag}`, `Marker notes ${tag}`, sub.plant_uid as string],
    ids: {
      parentgridboxid: place.box(1, 1),
      targetparentgridboxid: place.box(2, 1),
      subgridboxid: sub.Sub_gridboxID as number,
      plantid: sub.PlantID as number,
      plantuid: sub.plant_uid as string,
      templateid: template.template.template_id as number,
    },
  };
}

/** A form template with three fields, the last hidden until the first says Yes. */
async function seedFormTemplatesForWalk(app: FastifyInstance, tenant: Tenant, tag: string) {
  const post = async (url: string, payload: object) => {
    const res = await app.inject({ method: 'POST', url: `/api${url}`, headers: tenant.admin.auth, payload: payload as never });
    if (res.statusCode !== 200) throw new Error(`seeding ${url} failed: ${res.body}`);
    return res.json();
  };
  const { template } = await post('/save_form_template', {
    templateName: `Marker Form ${tag}`,
    companyID: tenant.companyId,
    FormCategory: `Marker category ${tag}`,
    fields: [
      { fieldName: `Marker Question ${tag}`, fieldType: 'select', fieldOptions: [`Yes`, `Marker option ${tag}`], isRequired: 1 },
      { fieldName: `Marker Count ${tag}`, fieldType: 'number' },
      { fieldName: `Marker Details ${tag}`, fieldType: 'textarea', isRequired: 1 },
    ],
  });
  const [question, , details] = template.fields as { FieldID: number }[];
  await post('/add_hide_field_until_link', {
    form_field_hidden_FieldID: details!.FieldID,
    form_field_linked_FieldID: question!.FieldID,
    form_field_linked_input: `Marker input ${tag}`,
  });
  return {
    markers: [`Marker Form ${tag}`, `Marker category ${tag}`, `Marker Question ${tag}`, `Marker option ${tag}`, `Marker Details ${tag}`, `Marker input ${tag}`],
    ids: {
      fieldid: question!.FieldID,
      formfieldhiddenfieldid: details!.FieldID,
      // get_field_hide_until_link takes the link's UID or the hidden field's FieldID.
      formfieldhiddenuid: details!.FieldID,
      formfieldlinkedfieldid: question!.FieldID,
    },
  };
}

/**
 * A scouting response with a problem and a marker note, a sticky-trap reading on the same box, and a comment.
 * `formIds` are what the forms endpoints take: this template, its problem and photo fields, a sub-box of the box.
 */
async function seedFormResponsesForWalk(app: FastifyInstance, tenant: Tenant, tag: string, gridBoxId: number) {
  const post = async (url: string, payload: object) => {
    const res = await app.inject({ method: 'POST', url: `/api${url}`, headers: tenant.admin.auth, payload: payload as never });
    if (res.statusCode !== 200) throw new Error(`seeding ${url} failed: ${res.body}`);
    return res.json();
  };
  const form = await makeTemplate(app, tenant.companyId, `Marker Scouting ${tag}`, 'scouting', [
    ['Problem', 'problem', [], true],
    ['Whiteflies', 'sticky-trap-count', [], false],
    [`Marker Note Field ${tag}`, 'textarea', [], false],
    ['Photo', 'photo', [], false],
  ]);
  const submitted = await post('/submit_form', {
    submittedBy: tenant.admin.user_id,
    GridBoxID: gridBoxId,
    fieldResponses: [
      { fieldID: form.field.Problem, inputData: `Marker Problem ${tag}` },
      { fieldID: form.field.Whiteflies, inputData: 7 },
      { fieldID: form.field[`Marker Note Field ${tag}`], inputData: `Marker Answer ${tag}` },
    ],
  });
  const { comment } = await post('/add_comment', { ResponseID: submitted.response_id, UserID: tenant.admin.user_id, CommentText: `Marker Comment ${tag}` });
  const subs = await app.inject({
    method: 'POST',
    url: '/api/create_sub_gridboxes',
    headers: tenant.admin.auth,
    query: { parent_gridbox_id: String(gridBoxId), user_id: String(tenant.admin.user_id), nx: '1', ny: '1' },
  });
  if (subs.statusCode !== 200) throw new Error(`seeding /create_sub_gridboxes failed: ${subs.body}`);
  return {
    formIds: {
      templateid: form.templateId,
      fieldid: form.field.Problem!,
      photofieldid: form.field.Photo!,
      subgridboxid: (subs.json() as { sub_gridboxes: { Sub_gridboxID: number }[] }).sub_gridboxes[0]!.Sub_gridboxID,
    },
    markers: [`Marker Scouting ${tag}`, `Marker Note Field ${tag}`, `Marker Problem ${tag}`, `Marker Answer ${tag}`, `Marker Comment ${tag}`],
    ids: { responseid: submitted.response_id as number, commentid: comment.CommentID as number },
  };
}

const COMPANY_KEY = /^n?company_?id$/i;
const USER_KEY = /^(n?user_?id|submitted_?by|created_?by|assigned_?to|invited_?by)$/i;
const ID_KEY = /(^id$|_u?ids?$|I[Dd]s?$)/;

/** Fills every id an endpoint takes with `target`'s ids (user fields: `userId`); other fields are left to the schema. */
export function tenantHints(endpoint: EndpointConfig, target: SeededTenant, userId = target.admin.user_id): SampleHints {
  const companyKeys = new Set(endpoint.tenancy.company ?? []);
  const userKeys = new Set(endpoint.tenancy.user ?? []);
  const ids = { ...target.ids, ...target.idsFor[endpoint.domain], ...target.idsFor[endpoint.id] };
  const valueFor = (key: string): number | string | undefined => {
    if (companyKeys.has(key) || COMPANY_KEY.test(key)) return target.companyId;
    if (userKeys.has(key) || USER_KEY.test(key)) return userId;
    if (ID_KEY.test(key)) return ids[normaliseIdKey(key)] ?? 1;
    return undefined;
  };
  return { valueFor, includeOptional: (key) => valueFor(key) !== undefined };
}

/**
 * A digest of every row that names the company in every table that has a company_id, so any
 * insert, update or delete of the tenant's rows changes it.
 */
export async function tenantFingerprint(app: FastifyInstance, companyId: number): Promise<Record<string, string>> {
  const tables = await sql<{ table_name: string }>`
    SELECT table_name FROM information_schema.columns
    WHERE table_schema = 'public' AND column_name = 'company_id' ORDER BY table_name`.execute(app.db);
  const out: Record<string, string> = {};
  for (const { table_name } of tables.rows) {
    const r = await sql<{ digest: string }>`
      SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest
      FROM ${sql.table(table_name)} t WHERE t.company_id = ${companyId}`.execute(app.db);
    out[table_name] = r.rows[0]!.digest;
  }
  return out;
}
