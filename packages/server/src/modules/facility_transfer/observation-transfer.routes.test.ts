import { describe, expect, it } from 'vitest';
import {
  OBSERVATION_CSV_COLUMNS, addDays, facilityTransferMessages as fmsg, facilityRefusals, observationRefusals as refusal,
  observationTransferMessages as msg, utcDate,
} from '@verdant/contract';
import { buildFacility } from '../../test/fixtures/facility-transfer.test-kit.js';
import { observationImportRequest, observationTree } from '../../test/fixtures/observation-transfer.test-kit.js';
import { addObservation } from '../../test/fixtures/unresolved-problems.fixtures.js';
import { a, b, t, useTwoTenants, type Tenant } from '../../test/two-tenants.js';

useTwoTenants();

type Auth = Record<string, string>;
const HEADER = OBSERVATION_CSV_COLUMNS.join(',');
const unique = () => Math.random().toString(36).slice(2, 7);
const exportOf = (tenant: Tenant, query: string, auth: Auth = tenant.regular.auth) =>
  t.app.inject({ method: 'GET', url: `/api/observations/export?company_id=${tenant.companyId}&${query}`, headers: auth });
const importing = (tenant: Tenant, text: string | Uint8Array, dryRun: boolean, name = 'observations.csv', auth: Auth = tenant.admin.auth) =>
  t.app.inject(observationImportRequest(tenant.companyId, auth, text, name, dryRun));
const undo = (tenant: Tenant, import_id: number, auth: Auth = tenant.admin.auth) =>
  t.app.inject({ method: 'POST', url: '/api/observations/import/undo', headers: auth, payload: { company_id: tenant.companyId, import_id } });

/** A room with one 2 × 2 grid "G", built through the API; answers where its boxes are. */
async function room(tenant: Tenant, name: string) {
  await buildFacility(t.app, tenant.companyId, tenant.admin.auth, [{ name, grids: [{ name: 'G', nx: 2, ny: 2, boxes: [] }] }]);
  const r = await t.app.db.selectFrom('rooms').select('room_id').where('company_id', '=', tenant.companyId).where('name', '=', name).executeTakeFirstOrThrow();
  const g = await t.app.db.selectFrom('room_grid').select('grid_id').where('room_id', '=', r.room_id).executeTakeFirstOrThrow();
  const boxes = await t.app.db.selectFrom('grid_boxes').select(['grid_box_id', 'x', 'y']).where('grid_id', '=', g.grid_id).execute();
  return { roomId: r.room_id, gridId: g.grid_id, box: (x: number, y: number) => boxes.find((bx) => bx.x === x && bx.y === y)!.grid_box_id };
}

describe('observations export', () => {
  it('streams one CSV line per observation with formula-looking text quoted, GeoJSON Points in grid coordinates, filtered by room and days', async () => {
    const name = `Obs room ${unique()}`;
    const p = await room(a, name);
    const other = await room(a, `Other ${unique()}`);
    const at = new Date('2026-03-01T08:30:00.000Z');
    await addObservation(t.app, { companyId: a.companyId, problem: 'Aphids', roomId: p.roomId, gridId: p.gridId, boxId: p.box(2, 1), severity: 3, notes: '=HYPERLINK("x")', observedAt: at });
    await addObservation(t.app, { companyId: a.companyId, problem: 'Thrips', roomId: p.roomId, status: 'resolved', observedAt: new Date('2026-03-03T10:00:00.000Z') });
    await addObservation(t.app, { companyId: a.companyId, problem: 'Mites', roomId: other.roomId, observedAt: at });
    const csv = await exportOf(a, `room_id=${p.roomId}`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="verdant-observations-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(csv.body.split('\r\n')).toEqual([
      HEADER,
      `${name},G,2,1,Aphids,3,open,"'=HYPERLINK(""x"")",2026-03-01T08:30:00.000Z`,
      `${name},,,,Thrips,,resolved,,2026-03-03T10:00:00.000Z`,
      '',
    ]);
    const days = await exportOf(a, `room_id=${p.roomId}&start_date=2026-03-02&end_date=2026-03-03`);
    expect(days.body.split('\r\n')).toHaveLength(3);
    const geo = await exportOf(a, `format=geojson&room_id=${p.roomId}&end_date=2026-03-01`);
    expect(geo.headers['content-type']).toContain('application/geo+json');
    const doc = JSON.parse(geo.body);
    expect(doc.type).toBe('FeatureCollection');
    expect(doc.features).toEqual([{
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [1.5, 0.5] },
      properties: { room: name, grid: 'G', column: 2, row: 1, problem: 'Aphids', severity: 3, status: 'open', notes: '=HYPERLINK("x")', observed_at: '2026-03-01T08:30:00.000Z' },
    }]);
  });

  it("is for every staff role of its company: another company 403, another company's room 404, bad filters name their field", async () => {
    expect((await exportOf(a, 'format=csv', a.regular.auth)).statusCode).toBe(200);
    expect((await exportOf(a, 'format=csv', b.admin.auth)).statusCode).toBe(403);
    const theirs = await room(b, `B room ${unique()}`);
    expect((await exportOf(a, `room_id=${theirs.roomId}`)).statusCode).toBe(404);
    for (const [query, field] of [['format=xlsx', 'format'], ['start_date=2026-02-30', 'start_date'], ['start_date=2026-03-02&end_date=2026-03-01', 'start_date'], [`room_id=${2 ** 31}`, 'room_id']]) {
      const res = await exportOf(a, query!);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().field).toBe(field);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/observations/export?company_id=${a.companyId}` })).statusCode).toBe(401);
  });
});

describe('observations import', () => {
  it('previews line by line what it would create, change and refuse, without writing; applies it; undoes the whole', async () => {
    const name = `Import room ${unique()}`;
    const p = await room(a, name);
    const at = '2026-04-01T09:00:00.000Z';
    const existing = await addObservation(t.app, { companyId: a.companyId, problem: 'Aphids', roomId: p.roomId, gridId: p.gridId, boxId: p.box(1, 1), severity: 2, observedAt: new Date(at) });
    const future = `${addDays(utcDate(), 2)}T00:00:00Z`;
    const file = [
      HEADER,
      `${name},G,1,1,aphids,4,resolved,,${at}`, // 2: change (same place, problem any case, instant)
      `${name},G,2,2,Mildew,1,open,Leaves white,2026-04-02T10:00:00+02:00`, // 3: create in a box
      `${name},,,,Thrips,,dismissed,,2026-04-02`, // 4: create in the room, a date alone is midnight UTC
      `Nowhere,G,1,1,Aphids,,,,${at}`, // 5: no such room
      `${name},H,1,1,Aphids,,,,${at}`, // 6: no such grid
      `${name},G,3,1,Aphids,,,,${at}`, // 7: no such box
      `${name},G,2,2,Mildew,1,open,,2026-04-02T08:00:00Z`, // 8: the same as line 3
      `${name},G,1,2,Aphids,,suspected,,${at}`, // 9: status
      `${name},G,1,2,Aphids,lots,,,${at}`, // 10: severity
      `${name},G,1,2,Aphids,,,@SUM(A1),${at}`, // 11: formula
      `${name},G,1,2,Aphids,,,,2026-02-30T00:00:00Z`, // 12: impossible date
      `${name},G,1,2,Aphids,,,,${future}`, // 13: future
      `${name},G,1,,Aphids,,,,${at}`, // 14: half a place
      `${name},G,1,2,,,,,${at}`, // 15: no problem
      `${name},G,1,2,Aphids,,,a\u0000b,${at}`, // 16: NUL byte
      `${name},G,1,2,Aphids,,,'-3 leaves,${at}`, // 17: escaped by an export: kept as text
    ].join('\n');
    const before = await observationTree(t.app, a.companyId);
    const preview = await importing(a, file, true);
    expect(preview.statusCode, preview.body).toBe(200);
    const pv = preview.json().preview;
    expect(preview.json()).toMatchObject({ message: msg.previewed, import: null });
    expect(pv).toMatchObject({ format: 'csv', lines_read: 16, create: 3, change: 1, unchanged: 0, refused: 12, truncated: false });
    expect(pv.lines.map((l: { line: number; action: string; detail: string }) => [l.line, l.action, l.detail])).toEqual([
      [2, 'change', 'severity: 2 → 4; status: open → resolved'],
      [3, 'create', 'severity: — → 1; notes: — → Leaves white'],
      [4, 'create', 'status: open → dismissed'],
      [5, 'refuse', refusal.noRoom('Nowhere')],
      [6, 'refuse', refusal.noGrid('H')],
      [7, 'refuse', refusal.noBox(3, 1)],
      [8, 'refuse', refusal.sameObservation(3)],
      [9, 'refuse', refusal.status],
      [10, 'refuse', refusal.severity],
      [11, 'refuse', facilityRefusals.formula('notes')],
      [12, 'refuse', refusal.instant],
      [13, 'refuse', refusal.future],
      [14, 'refuse', refusal.placeHalf],
      [15, 'refuse', facilityRefusals.required('problem')],
      [16, 'refuse', facilityRefusals.control('notes')],
      [17, 'create', 'notes: — → -3 leaves'],
    ]);
    expect(await observationTree(t.app, a.companyId)).toEqual(before);

    const applied = await importing(a, file, false);
    expect(applied.statusCode, applied.body).toBe(200);
    const made = applied.json().import;
    expect(made).toMatchObject({ format: 'csv', file_name: 'observations.csv', created: 3, changed: 1, undone_at: null });
    const after = await observationTree(t.app, a.companyId);
    expect(after).toEqual(expect.arrayContaining([
      `${name}|G|1,1|Aphids|4|resolved||2026-04-01T09:00:00.000`,
      `${name}|G|2,2|Mildew|1|open|Leaves white|2026-04-02T08:00:00.000`,
      `${name}|||Thrips||dismissed||2026-04-02T00:00:00.000`,
      `${name}|G|1,2|Aphids||open|-3 leaves|2026-04-01T09:00:00.000`,
    ]));
    expect(after).toHaveLength(before.length + 3);
    const listed = await t.app.inject({ method: 'GET', url: `/api/observations/imports?company_id=${a.companyId}`, headers: a.admin.auth });
    expect(listed.json().imports[0]).toEqual(made);
    const audit = await t.app.db.selectFrom('audit_events').selectAll().where('action', '=', 'observations.imported').where('entity_id', '=', String(made.import_id)).execute();
    expect(audit).toHaveLength(1);
    // The same file again: nothing new, nothing to change.
    const again = (await importing(a, file, true)).json().preview;
    expect(again).toMatchObject({ create: 0, change: 0, unchanged: 4, refused: 12 });

    const undone = await undo(a, made.import_id);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toMatchObject({ message: msg.undone, import: { import_id: made.import_id, undone_at: expect.any(String) } });
    expect(await observationTree(t.app, a.companyId)).toEqual(before);
    const row = await t.app.db.selectFrom('problem_observations').select(['severity', 'status']).where('observation_id', '=', existing).executeTakeFirstOrThrow();
    expect(row).toEqual({ severity: 2, status: 'open' });
    const twice = await undo(a, made.import_id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(fmsg.undoneAlready);
  });

  it('refuses the undo, saying which, when an observation it wrote changed or was acted on since — and undoes nothing', async () => {
    const name = `Undo room ${unique()}`;
    await room(a, name);
    const made = (await importing(a, `${HEADER}\n${name},G,1,1,Aphids,1,open,,2026-05-01T00:00:00Z\n`, false)).json().import;
    const [id] = await t.app.db.selectFrom('observation_imports').select('created_ids').where('import_id', '=', made.import_id).executeTakeFirstOrThrow().then((r) => r.created_ids);
    const resolved = await t.app.inject({ method: 'POST', url: '/api/bulk/observations', headers: a.admin.auth, payload: { company_id: a.companyId, observation_ids: [id], action: 'resolve' } });
    const refused = await undo(a, made.import_id);
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(refusal.usedSince(`Observation ${id}`));
    expect(await t.app.db.selectFrom('problem_observations').select('observation_id').where('observation_id', '=', id!).executeTakeFirst()).toBeDefined();
  });

  it('reads GeoJSON Features, a Point standing for its box when column and row are missing; text is taken as it is', async () => {
    const name = `Geo room ${unique()}`;
    await room(a, name);
    const feature = (props: Record<string, unknown>, geometry: unknown = null) => ({ type: 'Feature', geometry, properties: { room: name, grid: 'G', problem: 'Aphids', observed_at: '2026-05-02T00:00:00Z', ...props } });
    const doc = {
      features: [
        feature({ column: 1, row: 1, notes: '=cmd' }),
        feature({}, { type: 'Point', coordinates: [1.5, 1.5] }),
        { type: 'Nope' },
        feature({ column: 1, row: 2, severity: 'x' }),
      ],
      type: 'FeatureCollection',
    };
    const res = await importing(a, JSON.stringify(doc), true, 'obs.geojson');
    expect(res.statusCode, res.body).toBe(200);
    const pv = res.json().preview;
    expect(pv.format).toBe('geojson');
    expect(pv.lines.map((l: { line: number; action: string; column: number | null; row: number | null }) => [l.line, l.action, l.column, l.row])).toEqual([
      [1, 'create', 1, 1], [2, 'create', 2, 2], [3, 'refuse', null, null], [4, 'refuse', 1, 2],
    ]);
    expect(pv.lines[0].detail).toBe('notes: — → =cmd');
    expect(pv.lines[3].detail).toBe(refusal.severity);
  });

  it('refuses a file it cannot read with a 400 naming file: a missing column, not a FeatureCollection, not JSON; a 50 MB file with 413', async () => {
    const cases: [string, string, string][] = [
      ['room,grid,column,row,problem,status,notes\nA,G,1,1,x,,\n', 'o.csv', msg.missingColumns(['severity', 'observed_at'])],
      [JSON.stringify({ type: 'Feature', properties: {} }), 'o.geojson', fmsg.notFeatureCollection],
      [JSON.stringify([1, 2]), 'o.json', fmsg.notFeatureCollection],
      ['{"type": "FeatureCollection", "features": [', 'o.geojson', fmsg.notJson],
      ['{"type": "FeatureCollection", "features": [] } x', 'o.geojson', fmsg.notJson],
    ];
    for (const [text, name, message] of cases) {
      const res = await importing(a, text, true, name);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ message, field: 'file' });
    }
    // A malformed Feature deep in the file is found when it is read: a 400, and nothing written.
    const name = `Late ${unique()}`;
    await room(a, name);
    const before = await observationTree(t.app, a.companyId);
    const late = `{"type":"FeatureCollection","features":[{"type":"Feature","geometry":null,"properties":{"room":"${name}","problem":"Aphids","observed_at":"2026-05-03"}}, {"type": nope}]}`;
    const bad = await importing(a, late, false, 'o.geojson');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: fmsg.notJson, field: 'file' });
    expect(await observationTree(t.app, a.companyId)).toEqual(before);
    const big = await importing(a, new Uint8Array(50 * 1024 * 1024).fill(0x61), true);
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toEqual(expect.any(String));
  });

  it('is for admins: a regular user is 403 for import, list and undo; another company is 403 by id and 404 for its import', async () => {
    const name = `Role room ${unique()}`;
    await room(a, name);
    const file = `${HEADER}\n${name},,,,Aphids,,,,2026-05-04\n`;
    expect((await importing(a, file, true, 'f.csv', a.regular.auth)).statusCode).toBe(403);
    expect((await t.app.inject(observationImportRequest(a.companyId, b.admin.auth, file, 'f.csv', true))).statusCode).toBe(403);
    const mine = (await importing(a, file, false, 'f.csv', a.superAdmin.auth)).json().import;
    expect((await undo(a, mine.import_id, a.regular.auth)).statusCode).toBe(403);
    expect((await undo(b, mine.import_id, b.admin.auth)).statusCode).toBe(404);
    const big = await t.app.inject({ method: 'POST', url: '/api/observations/import/undo', headers: a.admin.auth, payload: { company_id: a.companyId, import_id: 2 ** 31 } });
    expect(big.statusCode).toBe(400);
    expect(big.json().field).toBe('import_id');
    expect((await t.app.inject({ method: 'GET', url: `/api/observations/imports?company_id=${a.companyId}`, headers: a.regular.auth })).statusCode).toBe(403);
    // B sees none of A's observations in its export.
    expect((await exportOf(b, 'format=csv')).body).not.toContain(name);
    expect((await undo(a, mine.import_id)).statusCode).toBe(200);
  });
});
