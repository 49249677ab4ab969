import { describe, expect, it } from 'vitest';
import { FACILITY_CSV_COLUMNS, facilityRefusals as refusal, facilityTransferMessages as msg } from '@verdant/contract';
import { buildFacility, facilityTree, importRequest } from '../../test/fixtures/facility-transfer.test-kit.js';
import { a, b, t, useTwoTenants, type Tenant } from '../../test/two-tenants.js';

useTwoTenants();

type Auth = Record<string, string>;
const HEADER = FACILITY_CSV_COLUMNS.join(',');
const exportOf = (tenant: Tenant, format: 'csv' | 'geojson', auth: Auth = tenant.regular.auth, companyId = tenant.companyId) =>
  t.app.inject({ method: 'GET', url: `/api/facility/export?company_id=${companyId}&format=${format}`, headers: auth });
const importing = (tenant: Tenant, text: string | Uint8Array, dryRun: boolean, name = 'facility.csv', auth: Auth = tenant.admin.auth) =>
  t.app.inject(importRequest(tenant.companyId, auth, text, name, dryRun));
const undo = (tenant: Tenant, import_id: number, auth: Auth = tenant.admin.auth) =>
  t.app.inject({ method: 'POST', url: '/api/facility/import/undo', headers: auth, payload: { company_id: tenant.companyId, import_id } });
const unique = () => Math.random().toString(36).slice(2, 7);

describe('export', () => {
  it('streams one CSV line per box, formula-looking text prefixed with a quote, and the same boxes as GeoJSON Features in grid coordinates', async () => {
    const room = `Bay ${unique()}`;
    await buildFacility(t.app, a.companyId, a.admin.auth, [{ name: room, grids: [{ name: 'Bench, north', nx: 2, ny: 1, boxes: [{ x: 2, y: 1, name: '=HYPERLINK("x")', status: 'Flowering', color: '#aa3300' }] }] }]);
    const csv = await exportOf(a, 'csv');
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="verdant-facility-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe(HEADER);
    expect(lines.filter((l) => l.startsWith(room))).toEqual([
      `${room},"Bench, north",2,1,1,1,,,`,
      `${room},"Bench, north",2,1,2,1,"'=HYPERLINK(""x"")",Flowering,#AA3300`,
    ]);
    const geo = await exportOf(a, 'geojson');
    expect(geo.headers['content-type']).toContain('application/geo+json');
    const doc = JSON.parse(geo.body);
    expect(doc.type).toBe('FeatureCollection');
    const mine = doc.features.filter((f: { properties: { room: string } }) => f.properties.room === room);
    expect(mine).toHaveLength(2);
    expect(mine[1]).toEqual({
      type: 'Feature',
      geometry: { type: 'Polygon', coordinates: [[[1, 0], [2, 0], [2, 1], [1, 1], [1, 0]]] },
      properties: { room, grid: 'Bench, north', columns: 2, rows: 1, column: 2, row: 1, box_name: '=HYPERLINK("x")', status: 'Flowering', color: '#AA3300' },
    });
  });

  it("is for every staff role of the company: another company's id is 403, no token 401, a bad format names the field", async () => {
    expect((await exportOf(a, 'csv', a.regular.auth)).statusCode).toBe(200);
    expect((await exportOf(a, 'csv', b.admin.auth)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/facility/export?company_id=${a.companyId}` })).statusCode).toBe(401);
    const bad = await t.app.inject({ method: 'GET', url: `/api/facility/export?company_id=${a.companyId}&format=xlsx`, headers: a.regular.auth });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('format');
    // B's export holds none of A's rooms.
    await buildFacility(t.app, a.companyId, a.admin.auth, [{ name: 'Only in A', grids: [{ name: 'G', nx: 1, ny: 1, boxes: [] }] }]);
    expect((await exportOf(b, 'csv')).body).not.toContain('Only in A');
  });
});

describe('import', () => {
  it('previews what it would create, change and refuse, line by line, without writing; then applies it and undoes the whole', async () => {
    const room = `Hall ${unique()}`;
    await buildFacility(t.app, a.companyId, a.admin.auth, [{ name: room, grids: [{ name: 'G1', nx: 2, ny: 2, boxes: [{ x: 1, y: 1, status: 'Seedling' }] }] }]);
    const before = await facilityTree(t.app, a.companyId);
    const file = [
      HEADER,
      `${room},G1,2,2,1,1,,Flowering,`, // line 2: change the status
      `${room},G1,2,2,2,1,,,`, // line 3: unchanged
      `${room},G2,3,1,1,1,Mother,Rooting,#00ff00`, // line 4: new grid in the room
      `New ${room},N1,1,1,1,1,,,`, // line 5: new room and grid
      `${room},G1,3,3,1,1,,,`, // line 6: wrong size
      `${room},G1,2,2,1,1,,Again,`, // line 7: same box as line 2
      `${room},G1,2,2,5,1,,,`, // line 8: outside
      `${room},G1,2,2,1,2,@SUM(A1),,`, // line 9: formula
      `${room},G1,2,2,2,2,'+31 6,,`, // line 10: escaped by an export: kept as text
      `${room},G1,2,2,2,2,,,red`, // line 11: bad colour (a bad field is named before the same box as line 10)
      `,G1,2,2,1,1,,,`, // line 12: no room
    ].join('\n');
    const preview = await importing(a, file, true);
    expect(preview.statusCode, preview.body).toBe(200);
    const p = preview.json().preview;
    expect(preview.json()).toMatchObject({ message: msg.previewed, import: null });
    expect(p).toMatchObject({
      format: 'csv', lines_read: 11, change: 2, unchanged: 1, refused: 6, truncated: false,
      create: { rooms: [`New ${room}`], grids: [{ room, grid: 'G2', columns: 3, rows: 1 }, { room: `New ${room}`, grid: 'N1', columns: 1, rows: 1 }], boxes: 4 },
    });
    expect(p.refuse).toEqual([
      { line: 6, reason: refusal.otherSize('G1', 2, 2, 'here') },
      { line: 7, reason: refusal.sameBox(2) },
      { line: 8, reason: refusal.outside('column', 5, 2) },
      { line: 9, reason: refusal.formula('box_name') },
      { line: 11, reason: refusal.color },
      { line: 12, reason: refusal.required('room') },
    ]);
    expect(p.lines.map((l: { line: number; action: string }) => `${l.line}:${l.action}`)).toEqual(
      ['2:change', '4:create', '5:create', '6:refuse', '7:refuse', '8:refuse', '9:refuse', '10:change', '11:refuse', '12:refuse'],
    );
    expect(p.lines[0].detail).toBe('status: Seedling → Flowering');
    expect(p.lines[7].detail).toBe('box_name: — → +31 6');
    expect(await facilityTree(t.app, a.companyId)).toEqual(before);

    const applied = await importing(a, file, false);
    expect(applied.statusCode, applied.body).toBe(200);
    const made = applied.json().import;
    expect(made).toMatchObject({ format: 'csv', file_name: 'facility.csv', rooms_created: 1, grids_created: 2, boxes_written: 3, undone_at: null });
    const after = await facilityTree(t.app, a.companyId);
    expect(after).toEqual(expect.arrayContaining([
      `${room}|G1|2x2|1,1||Flowering|`, `${room}|G1|2x2|2,2|+31 6||`, `${room}|G2|3x1|1,1|Mother|Rooting|#00FF00`, `${room}|G2|3x1|3,1|||`, `New ${room}|N1|1x1|1,1|||`,
    ]));
    const listed = await t.app.inject({ method: 'GET', url: `/api/facility/imports?company_id=${a.companyId}`, headers: a.admin.auth });
    expect(listed.json().imports[0]).toEqual(made);
    const audit = await t.app.db.selectFrom('audit_events').selectAll().where('action', '=', 'facility.imported').where('entity_id', '=', String(made.import_id)).execute();
    expect(audit).toHaveLength(1);

    const undone = await undo(a, made.import_id);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toMatchObject({ message: msg.undone, import: { import_id: made.import_id, undone_at: expect.any(String) } });
    expect(await facilityTree(t.app, a.companyId)).toEqual(before);
    const again = await undo(a, made.import_id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(msg.undoneAlready);
  });

  it('refuses the undo, saying what, when a box it wrote changed since, or a grid was added to a room it made — and undoes nothing', async () => {
    const room = `Shed ${unique()}`;
    await buildFacility(t.app, a.companyId, a.admin.auth, [{ name: room, grids: [{ name: 'G', nx: 1, ny: 2, boxes: [] }] }]);
    const applied = (await importing(a, `${HEADER}\n${room},G,1,2,1,1,,Flowering,\n${room} II,H,1,1,1,1,,,\n`, false)).json().import;
    const box = await t.app.db.selectFrom('grid_boxes as b').innerJoin('grids as g', 'g.grid_id', 'b.grid_id').select('b.grid_box_id')
      .where('g.company_id', '=', a.companyId).where('g.name', '=', 'G').where('b.status', '=', 'Flowering').executeTakeFirstOrThrow();
    await t.app.inject({ method: 'POST', url: '/api/bulk/grid_boxes', headers: a.regular.auth, payload: { company_id: a.companyId, GridBoxIDs: [box.grid_box_id], Status: 'Sick' } });
    const refused = await undo(a, applied.import_id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(refusal.changedSince(`Grid box ${box.grid_box_id}`));
    const tree = await facilityTree(t.app, a.companyId);
    expect(tree).toEqual(expect.arrayContaining([`${room}|G|1x2|1,1||Sick|`, `${room} II|H|1x1|1,1|||`]));

    const second = (await importing(a, `${HEADER}\n${room} III,K,1,1,1,1,,,\n`, false)).json().import;
    const newRoom = await t.app.db.selectFrom('rooms').select('room_id').where('company_id', '=', a.companyId).where('name', '=', `${room} III`).executeTakeFirstOrThrow();
    const grid = await t.app.inject({ method: 'POST', url: '/api/Create_grid', headers: a.admin.auth, payload: { nx: 1, ny: 1, ngrid_name: 'Added later', ncompany_id: a.companyId, nroom_id: newRoom.room_id } });
    const refusedRoom = await undo(a, second.import_id);
    expect(refusedRoom.statusCode).toBe(409);
    expect(refusedRoom.json().message).toBe(refusal.changedSince(`Grid ${grid.json().grid.id}`));
  });

  it('reads GeoJSON: properties first, a Point or Polygon when column and row are missing; a Feature that is not one is refused by number', async () => {
    const room = `Geo ${unique()}`;
    const feature = (props: Record<string, unknown>, geometry: unknown = null) => ({ type: 'Feature', geometry, properties: { room, grid: 'G', columns: 2, rows: 2, ...props } });
    const doc = {
      type: 'FeatureCollection',
      features: [
        feature({ column: 1, row: 1, status: '=cmd' }),
        feature({}, { type: 'Point', coordinates: [1.5, 0.5] }),
        feature({}, { type: 'Polygon', coordinates: [[[0, 1], [1, 1], [1, 2], [0, 2], [0, 1]]] }),
        { type: 'Nope' },
        feature({}),
      ],
    };
    const res = await importing(a, JSON.stringify(doc), true, 'plan.geojson');
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json().preview;
    expect(p.format).toBe('geojson');
    expect(p.lines.map((l: { line: number; column: number | null; row: number | null; action: string }) => [l.line, l.action, l.column, l.row])).toEqual([
      [1, 'create', 1, 1], [2, 'create', 2, 1], [3, 'create', 1, 2], [4, 'refuse', null, null], [5, 'refuse', null, null],
    ]);
    // GeoJSON is not opened by spreadsheets: text is taken as it is.
    expect(p.lines[0].detail).toBe('status: — → =cmd');
    expect(p.refuse).toEqual([{ line: 4, reason: refusal.notFeature }, { line: 5, reason: refusal.noPosition }]);
  });

  it('refuses a file it cannot read with a 400 naming file: a missing column, not a FeatureCollection, not JSON, not UTF-8, empty', async () => {
    const cases: [string | Uint8Array, string, string][] = [
      ['room,grid,columns,rows,column,box_name,status\nA,G,1,1,1,,\n', 'f.csv', msg.missingColumns(['row', 'color'])],
      [JSON.stringify({ type: 'Feature', properties: {} }), 'f.geojson', msg.notFeatureCollection],
      [JSON.stringify({ type: 'FeatureCollection' }), 'f.json', msg.notFeatureCollection],
      ['{"type": "FeatureCollection", "features": [', 'f.geojson', msg.notJson],
      [new Uint8Array([0x72, 0x6f, 0xff, 0xfe, 0x0a]), 'f.csv', msg.notUtf8],
      ['  \n', 'f.csv', msg.emptyFile],
    ];
    for (const [text, name, message] of cases) {
      const res = await importing(a, text, true, name);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ message, field: 'file' });
    }
    const noFile = await t.app.inject({ method: 'POST', url: '/api/facility/import', headers: a.admin.auth, payload: (() => {
      const f = new FormData();
      f.append('company_id', String(a.companyId));
      return f;
    })() });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().field).toBe('file');
  });

  it('refuses a 50 MB file with 413 and a message', async () => {
    const big = new Uint8Array(50 * 1024 * 1024).fill(0x61);
    const res = await importing(a, big, true);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toEqual(expect.any(String));
  });

  it('refuses lines with a NUL byte, a lone surrogate or text too long, each with its reason', async () => {
    const room = `Odd ${unique()}`;
    const file = `${HEADER}\n${room},G,1,3,1,1,a\u0000b,,\n${room},G,1,3,1,2,,${'s'.repeat(61)},\n${room},G,1,3,1,3,,,#12345\n${room},G,1,3,1,4,,,\n`;
    const p = (await importing(a, file, true)).json().preview;
    expect(p.refuse).toEqual([
      { line: 2, reason: refusal.control('box_name') },
      { line: 3, reason: refusal.tooLong('status', 60) },
      { line: 4, reason: refusal.color },
      { line: 5, reason: refusal.outside('row', 4, 3) },
    ]);
    const geo = { type: 'FeatureCollection', features: [{ type: 'Feature', geometry: null, properties: { room, grid: 'G', columns: 1, rows: 1, column: 1, row: 1, status: 'x\ud800' } }] };
    const g = (await importing(a, JSON.stringify(geo), true, 'x.geojson')).json().preview;
    expect(g.refuse).toEqual([{ line: 1, reason: refusal.control('status') }]);
  });

  it('is for admins: a regular user is 403 for import and undo; another company is 403 by id and 404 for its import', async () => {
    const file = `${HEADER}\nRole room ${unique()},G,1,1,1,1,,,\n`;
    expect((await importing(a, file, true, 'f.csv', a.regular.auth)).statusCode).toBe(403);
    expect((await importing(a, file, false, 'f.csv', a.superAdmin.auth)).statusCode).toBe(200);
    expect((await t.app.inject(importRequest(a.companyId, b.admin.auth, file, 'f.csv', true))).statusCode).toBe(403);
    const mine = (await importing(a, `${HEADER}\nTenancy ${unique()},G,1,1,1,1,,,\n`, false)).json().import;
    expect((await undo(a, mine.import_id, a.regular.auth)).statusCode).toBe(403);
    expect((await undo(b, mine.import_id, b.admin.auth)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/facility/import/undo', headers: b.admin.auth, payload: { company_id: a.companyId, import_id: mine.import_id } })).statusCode).toBe(403);
    const big = await t.app.inject({ method: 'POST', url: '/api/facility/import/undo', headers: a.admin.auth, payload: { company_id: a.companyId, import_id: 2 ** 31 } });
    expect(big.statusCode).toBe(400);
    expect(big.json().field).toBe('import_id');
    expect((await t.app.inject({ method: 'GET', url: `/api/facility/imports?company_id=${a.companyId}`, headers: a.regular.auth })).statusCode).toBe(403);
    expect((await undo(a, mine.import_id)).statusCode).toBe(200);
  });

  it('two imports of the same file at once take turns: the room is made once, the second finds it', async () => {
    const room = `Race ${unique()}`;
    const file = `${HEADER}\n${room},G,2,1,1,1,,Up,\n`;
    const [one, two] = await Promise.all([importing(a, file, false), importing(a, file, false)]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    const rooms = await t.app.db.selectFrom('rooms').select('room_id').where('company_id', '=', a.companyId).where('name', '=', room).execute();
    expect(rooms).toHaveLength(1);
    expect([one.json().import.rooms_created, two.json().import.rooms_created].sort()).toEqual([0, 1]);
  });
});
