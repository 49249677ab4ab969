import { describe, expect, it } from 'vitest';
import { FACILITY_CSV_COLUMNS, FACILITY_PREVIEW_LINES, OBSERVATION_CSV_COLUMNS, facilityRefusals as refusal, observationRefusals } from '@verdant/contract';
import { facilityTree, importRequest } from '../../test/fixtures/facility-transfer.test-kit.js';
import { observationImportRequest, observationTree } from '../../test/fixtures/observation-transfer.test-kit.js';
import { a, t, useTwoTenants } from '../../test/two-tenants.js';
import { IMPORT_CHUNK } from './facility-transfer.plan.js';

useTwoTenants();

/**
 * Imports are planned and written chunk by chunk (IMPORT_CHUNK lines; issue 25, flat memory): what one chunk decides
 * must hold for the next — a grid made by an earlier chunk, a box or an observation named again chunks later, a size
 * named otherwise — and the preview and the apply must agree across them.
 */
const HEADER = FACILITY_CSV_COLUMNS.join(',');
const unique = () => Math.random().toString(36).slice(2, 7);

describe('an import of more lines than a chunk', () => {
  it('makes a grid once across chunks, refuses a box and a size named again chunks later, previews what it applies, and undoes it', async () => {
    expect(IMPORT_CHUNK).toBeLessThan(2500);
    const room = `Big ${unique()}`;
    const lines = [HEADER];
    for (let y = 1; y <= 50; y++) for (let x = 1; x <= 50; x++) lines.push(`${room},G,50,50,${x},${y},,S${(x + y) % 3},`);
    lines.push(`${room},G,50,50,1,1,,Again,`); // line 2502: the box of line 2
    lines.push(`${room},G,10,10,1,1,,,`); // line 2503: another size than line 2's
    const file = lines.join('\n');
    const before = await facilityTree(t.app, a.companyId);
    const preview = (await t.app.inject(importRequest(a.companyId, a.admin.auth, file, 'big.csv', true))).json().preview;
    expect(preview).toMatchObject({ lines_read: 2502, refused: 2, change: 0, truncated: true, create: { rooms: [room], grids: [{ room, grid: 'G', columns: 50, rows: 50 }], boxes: 2500 } });
    expect(preview.lines.filter((l: { action: string }) => l.action === 'create')).toHaveLength(FACILITY_PREVIEW_LINES);
    expect(preview.refuse).toEqual([{ line: 2502, reason: refusal.sameBox(2) }, { line: 2503, reason: refusal.otherSize('G', 50, 50, 'on line 2') }]);
    expect(await facilityTree(t.app, a.companyId)).toEqual(before);

    const applied = await t.app.inject(importRequest(a.companyId, a.admin.auth, file, 'big.csv', false));
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().import).toMatchObject({ rooms_created: 1, grids_created: 1, boxes_written: 2500 });
    expect(applied.json().preview).toMatchObject({ lines_read: 2502, refused: 2, create: { boxes: 2500 } });
    const mine = (await facilityTree(t.app, a.companyId)).filter((l) => l.startsWith(`${room}|`));
    expect(mine).toHaveLength(2500);
    expect(mine).toContain(`${room}|G|50x50|50,50||S1|`);

    // The same grid again, 1,500 boxes changed across two chunks: the existing boxes are found chunk by chunk.
    const change = [HEADER];
    for (let i = 0; i < 1500; i++) change.push(`${room},G,50,50,${(i % 50) + 1},${Math.floor(i / 50) + 1},,Changed,`);
    const changed = await t.app.inject(importRequest(a.companyId, a.admin.auth, change.join('\n'), 'change.csv', false));
    expect(changed.json().preview).toMatchObject({ lines_read: 1500, change: 1500, unchanged: 0, refused: 0, create: { boxes: 0 } });
    expect((await facilityTree(t.app, a.companyId)).filter((l) => l.endsWith('|Changed|'))).toHaveLength(1500);
    expect((await t.app.inject({ method: 'POST', url: '/api/facility/import/undo', headers: a.admin.auth, payload: { company_id: a.companyId, import_id: changed.json().import.import_id } })).statusCode).toBe(200);
    expect((await facilityTree(t.app, a.companyId)).filter((l) => l.startsWith(`${room}|`))).toEqual(mine);
    const undone = await t.app.inject({ method: 'POST', url: '/api/facility/import/undo', headers: a.admin.auth, payload: { company_id: a.companyId, import_id: applied.json().import.import_id } });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await facilityTree(t.app, a.companyId)).toEqual(before);
  });

  it('still refuses a box named again when the file names more grid boxes than are kept in typed arrays (a preview of huge grids)', async () => {
    // 20 new grids of 500 × 500 are 5 million boxes: past the 4 million kept densely, the last grids' lines go to maps.
    const room = `Huge ${unique()}`;
    const lines = [HEADER];
    for (let g = 1; g <= 20; g++) lines.push(`${room},G${g},500,500,500,500,,,`, `${room},G${g},500,500,1,1,,,`);
    lines.push(`${room},G2,500,500,500,500,,,`, `${room},G20,500,500,1,1,,,`); // lines 42 and 43: the boxes of lines 4 and 41
    const preview = (await t.app.inject(importRequest(a.companyId, a.admin.auth, lines.join('\n'), 'huge.csv', true))).json().preview;
    expect(preview).toMatchObject({ lines_read: 42, refused: 2, create: { boxes: 20 * 500 * 500 } });
    expect(preview.refuse).toEqual([{ line: 42, reason: refusal.sameBox(4) }, { line: 43, reason: refusal.sameBox(41) }]);
  });

  it('refuses an observation named again chunks later, and writes the rest', async () => {
    const room = `Obs big ${unique()}`;
    await t.app.inject(importRequest(a.companyId, a.admin.auth, `${HEADER}\n${room},G,1,1,1,1,,,\n`, 'room.csv', false));
    const lines = [OBSERVATION_CSV_COLUMNS.join(',')];
    const day = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();
    for (let i = 0; i < 1200; i++) lines.push(`${room},G,1,1,Aphids,${i % 5},open,,${day(i)}`);
    lines.push(`${room},G,1,1,APHIDS,1,resolved,,${day(3)}`); // line 1202: the observation of line 5
    const file = lines.join('\n');
    const before = (await observationTree(t.app, a.companyId)).length;
    const applied = await t.app.inject(observationImportRequest(a.companyId, a.admin.auth, file, 'obs.csv', false));
    expect(applied.statusCode, applied.body).toBe(200);
    const pv = applied.json().preview;
    expect(pv).toMatchObject({ lines_read: 1201, create: 1200, refused: 1, truncated: true });
    expect(pv.lines.find((l: { line: number }) => l.line === 1202)).toMatchObject({ action: 'refuse', detail: observationRefusals.sameObservation(5) });
    expect((await observationTree(t.app, a.companyId)).length).toBe(before + 1200);
  });
});
