import { describe, expect, it } from 'vitest';
import { buildFacility, facilityTree, importRequest } from '../../test/fixtures/facility-transfer.test-kit.js';
import { makeTenant } from '../../test/factories.js';
import { a, t, useTwoTenants } from '../../test/two-tenants.js';

useTwoTenants();

/**
 * The round trip (issue 25): a facility built in company A through the API, exported as CSV and as GeoJSON, and each
 * export imported into an empty company gives the same facility — names, sizes, positions, statuses and colours.
 */
describe('facility round trip', () => {
  it('an export imported into an empty company gives the same facility, in CSV and in GeoJSON', async () => {
    await buildFacility(t.app, a.companyId, a.admin.auth, [
      {
        name: 'Greenhouse 1',
        grids: [
          { name: 'Bench A', nx: 4, ny: 3, boxes: [{ x: 1, y: 1, name: 'Mother 1', status: 'Flowering', color: '#ff0000' }, { x: 4, y: 3, status: 'Vegetative' }] },
          { name: 'Bench "B", south', nx: 2, ny: 2, boxes: [{ x: 2, y: 1, name: '=1+2', status: '-', color: '#00AA00' }, { x: 1, y: 2, name: "'t Hoekje" }] },
        ],
      },
      { name: 'Propagation, west', grids: [{ name: 'Trays', nx: 1, ny: 5, boxes: [{ x: 1, y: 5, name: 'Cuttings\nweek 12', status: '@home' }] }] },
      { name: 'Empty room', grids: [] },
    ]);
    const original = await facilityTree(t.app, a.companyId);
    expect(original).toHaveLength(12 + 4 + 5);

    for (const format of ['csv', 'geojson'] as const) {
      const exported = await t.app.inject({ method: 'GET', url: `/api/facility/export?company_id=${a.companyId}&format=${format}`, headers: a.regular.auth });
      expect(exported.statusCode).toBe(200);
      const empty = await makeTenant(t.app);
      expect(await facilityTree(t.app, empty.companyId)).toEqual([]);
      const preview = await t.app.inject(importRequest(empty.companyId, empty.admin.auth, exported.body, `facility.${format}`, true));
      expect(preview.json().preview, format).toMatchObject({ format, lines_read: 21, refused: 0, change: 0, unchanged: 0, create: { boxes: 21 } });
      const applied = await t.app.inject(importRequest(empty.companyId, empty.admin.auth, exported.body, `facility.${format}`, false));
      expect(applied.statusCode, applied.body).toBe(200);
      expect(applied.json().import).toMatchObject({ rooms_created: 2, grids_created: 3 });
      expect(await facilityTree(t.app, empty.companyId), format).toEqual(original);
      // Its export reads the same as the original's (ids and the day aside, there are none in it).
      const again = await t.app.inject({ method: 'GET', url: `/api/facility/export?company_id=${empty.companyId}&format=${format}`, headers: empty.regular.auth });
      expect(again.body).toBe(exported.body);
      // Importing the same file again changes nothing.
      const twice = await t.app.inject(importRequest(empty.companyId, empty.admin.auth, exported.body, `facility.${format}`, true));
      expect(twice.json().preview).toMatchObject({ unchanged: 21, change: 0, refused: 0, create: { rooms: [], grids: [], boxes: 0 } });
    }
  });
});
