import type { FastifyInstance } from 'fastify';
import type { makeTenant } from '../../test/factories.js';

export type Tenant = Awaited<ReturnType<typeof makeTenant>>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** app.inject helpers shared by the facility modules' route tests. */
export function facilityKit(app: () => FastifyInstance) {
  const q = (o: Record<string, string | number>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, String(v)]));
  const call = (method: Method, path: string, headers: object, query: Record<string, string | number> = {}, payload?: FormData | object) =>
    app().inject({ method, url: `/api${path}`, headers: headers as Record<string, string>, query: q(query), ...(payload ? { payload: payload as never } : {}) });
  const formPost = (path: string, headers: object, fields: Record<string, string | number>) =>
    app().inject({
      method: 'POST',
      url: `/api${path}`,
      headers: { ...(headers as Record<string, string>), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(Object.entries(q(fields))).toString(),
    });
  async function room(tenant: Tenant, name = 'Room') {
    const f = new FormData();
    f.append('name', name);
    const res = await call('POST', '/create_room', tenant.admin.auth, { company_id: tenant.companyId }, f);
    if (res.statusCode !== 200) throw new Error(res.body);
    return res.json().room.RoomID as number;
  }
  async function grid(tenant: Tenant, roomId: number, nx = 2, ny = 3, name = 'Bench') {
    const res = await call('POST', '/Create_grid', tenant.admin.auth, {}, { nx, ny, ngrid_name: name, ncompany_id: tenant.companyId, nroom_id: roomId });
    if (res.statusCode !== 200) throw new Error(res.body);
    return res.json().grid.id as number;
  }
  async function boxes(gridId: number) {
    return app().db.selectFrom('grid_boxes').selectAll().where('grid_id', '=', gridId).orderBy('x').orderBy('y').execute();
  }
  return { call, formPost, room, grid, boxes };
}
