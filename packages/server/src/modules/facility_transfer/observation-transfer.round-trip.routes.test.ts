import { describe, expect, it } from 'vitest';
import { buildFacility, importRequest } from '../../test/fixtures/facility-transfer.test-kit.js';
import { observationImportRequest, observationTree } from '../../test/fixtures/observation-transfer.test-kit.js';
import { addObservation } from '../../test/fixtures/unresolved-problems.fixtures.js';
import { makeTenant } from '../../test/factories.js';
import { a, t, useTwoTenants } from '../../test/two-tenants.js';

useTwoTenants();

/**
 * The observations round trip (issue 25): observations in company A — in boxes and in rooms, every status, notes with
 * commas, quotes, line breaks and formula-looking text — exported as CSV and as GeoJSON; an empty company given the same
 * facility (by the facility's own round trip) and each export gets the same observations, and exports the same file.
 */
describe('observations round trip', () => {
  it('an export imported into an empty company with the same facility gives the same observations, in CSV and in GeoJSON', async () => {
    await buildFacility(t.app, a.companyId, a.admin.auth, [
      { name: 'Greenhouse 1', grids: [{ name: 'Bench A', nx: 3, ny: 2, boxes: [] }, { name: 'Bench "B", south', nx: 2, ny: 2, boxes: [] }] },
      // A room travels in the facility's file with its grids (a room without one has no line there).
      { name: 'Propagation, west', grids: [{ name: 'Trays', nx: 1, ny: 1, boxes: [] }] },
    ]);
    const boxes = await t.app.db.selectFrom('grid_boxes as b').innerJoin('grids as g', 'g.grid_id', 'b.grid_id').innerJoin('room_grid as rg', 'rg.grid_id', 'g.grid_id')
      .select(['b.grid_box_id', 'b.x', 'b.y', 'g.grid_id', 'g.name', 'rg.room_id']).where('b.company_id', '=', a.companyId).execute();
    const box = (grid: string, x: number, y: number) => {
      const found = boxes.find((r) => r.name === grid && r.x === x && r.y === y)!;
      return { roomId: found.room_id, gridId: found.grid_id, boxId: found.grid_box_id };
    };
    const west = await t.app.db.selectFrom('rooms').select('room_id').where('company_id', '=', a.companyId).where('name', '=', 'Propagation, west').executeTakeFirstOrThrow();
    const c = a.companyId;
    await addObservation(t.app, { companyId: c, problem: 'Powdery mildew', ...box('Bench A', 1, 1), severity: 3, observedAt: new Date('2026-01-05T07:15:30.250Z') });
    await addObservation(t.app, { companyId: c, problem: 'Powdery mildew', ...box('Bench A', 1, 1), severity: 1, status: 'resolved', observedAt: new Date('2026-01-12T07:15:30.000Z') });
    await addObservation(t.app, { companyId: c, problem: 'Aphids', ...box('Bench "B", south', 2, 2), notes: 'On the "new" leaves,\nmostly', observedAt: new Date('2026-01-06T12:00:00.000Z') });
    await addObservation(t.app, { companyId: c, problem: 'Thrips', ...box('Bench A', 3, 2), notes: '=1+2', status: 'dismissed', observedAt: new Date('2026-01-07T00:00:00.000Z') });
    await addObservation(t.app, { companyId: c, problem: 'Fungus gnats', roomId: west.room_id, severity: 2.5, notes: '-3 on the traps', observedAt: new Date('2026-01-08T18:45:00.000Z') });
    await addObservation(t.app, { companyId: c, problem: 'Unfiled', observedAt: new Date('2026-01-09T09:00:00.000Z') });
    const original = await observationTree(t.app, c);
    expect(original).toHaveLength(6);

    const facility = await t.app.inject({ method: 'GET', url: `/api/facility/export?company_id=${c}&format=csv`, headers: a.regular.auth });
    for (const format of ['csv', 'geojson'] as const) {
      const exported = await t.app.inject({ method: 'GET', url: `/api/observations/export?company_id=${c}&format=${format}`, headers: a.regular.auth });
      expect(exported.statusCode).toBe(200);
      const empty = await makeTenant(t.app);
      const built = await t.app.inject(importRequest(empty.companyId, empty.admin.auth, facility.body, 'facility.csv', false));
      expect(built.statusCode, built.body).toBe(200);
      expect(await observationTree(t.app, empty.companyId)).toEqual([]);
      const preview = await t.app.inject(observationImportRequest(empty.companyId, empty.admin.auth, exported.body, `observations.${format}`, true));
      expect(preview.json().preview, format).toMatchObject({ format, lines_read: 6, create: 6, change: 0, unchanged: 0, refused: 0 });
      const applied = await t.app.inject(observationImportRequest(empty.companyId, empty.admin.auth, exported.body, `observations.${format}`, false));
      expect(applied.statusCode, applied.body).toBe(200);
      expect(applied.json().import).toMatchObject({ created: 6, changed: 0 });
      expect(await observationTree(t.app, empty.companyId), format).toEqual(original);
      // Its export reads the same as the original's (no ids in it), and importing it again changes nothing.
      const again = await t.app.inject({ method: 'GET', url: `/api/observations/export?company_id=${empty.companyId}&format=${format}`, headers: empty.regular.auth });
      expect(again.body).toBe(exported.body);
      const twice = await t.app.inject(observationImportRequest(empty.companyId, empty.admin.auth, exported.body, `observations.${format}`, true));
      expect(twice.json().preview).toMatchObject({ create: 0, change: 0, unchanged: 6, refused: 0 });
    }
  });
});
