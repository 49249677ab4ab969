import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../db/schema.js';
import { isRetryable, type Answer } from './keyed-transport.js';
import type { KeyedWorld, KeyedWrite } from './keyed-writes.js';

export interface FileExists {
  exists(key: string): Promise<boolean>;
}

const isOk = (a: Answer | undefined) => a !== undefined && a.status >= 200 && a.status < 300;
const parse = (a: Answer | undefined): Record<string, unknown> | undefined => {
  try {
    return a ? (JSON.parse(a.body) as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Reads the database after a workload and lists every broken invariant (empty when all hold).
 * `finals` is each key's last answer: 2xx means applied (present exactly once), any other answer
 * means not applied (absent), no answer at all (undefined) means unknown (present at most once).
 */
export async function checkKeyedInvariants(
  db: Kysely<DB>,
  world: KeyedWorld,
  writes: KeyedWrite[],
  finals: Map<string, Answer | undefined>,
  opts: { files?: FileExists } = {},
): Promise<string[]> {
  const problems: string[] = [];
  const fail = (msg: string) => problems.push(msg);
  const company = world.companyId;
  const prefix = `kw-${world.tag}-`;
  const expectCount = (w: KeyedWrite, n: number) => {
    const a = finals.get(w.key);
    if (a === undefined) {
      if (n > 1) fail(`${w.kind} ${w.key}: unanswered but applied ${n} times`);
    } else if (isOk(a) ? n !== 1 : n !== 0) {
      fail(`${w.kind} ${w.key}: answered ${a.status} but present ${n} times (${a.body.slice(0, 160)})`);
    }
  };

  // Rows by marker, fetched once.
  const rooms = await db.selectFrom('rooms').select(['room_id', 'name']).where('company_id', '=', company).where('name', 'like', `${prefix}room-%`).execute();
  const roomsByName = groupBy(rooms, (r) => r.name);
  const roomAudits = await db
    .selectFrom('audit_events')
    .select(['entity_id'])
    .where('company_id', '=', company)
    .where('action', '=', 'room.created')
    .where('entity_id', 'in', rooms.length ? rooms.map((r) => String(r.room_id)) : ['-1'])
    .execute();
  const auditsByRoom = groupBy(roomAudits, (r) => String(r.entity_id));
  const notes = await db
    .selectFrom('field_responses as fr')
    .innerJoin('form_responses as r', 'r.response_id', 'fr.response_id')
    .select(['fr.input_data', 'r.response_id'])
    .where('fr.company_id', '=', company)
    .where('fr.field_id', '=', world.form.noteFieldId)
    .execute();
  const notesByMarker = groupBy(notes, (n) => n.input_data);
  const responses = await db
    .selectFrom('form_responses')
    .select(['response_id', 'kind', 'observed_at', 'image_key', 'image_thumb', 'grid_box_id'])
    .where('company_id', '=', company)
    .where('template_id', '=', world.form.templateId)
    .execute();
  const photosByTime = groupBy(
    responses.filter((r) => r.kind === 'image'),
    (r) => new Date(r.observed_at).toISOString(),
  );
  const moves = await db
    .selectFrom('plant_movements as m')
    .innerJoin('plants as p', 'p.plant_id', 'm.plant_id')
    .leftJoin('sub_gridboxes as s', 's.sub_gridbox_id', 'm.to_sub_gridbox_id')
    .select(['m.movement_id', 'm.movement_reason', 'm.to_gridbox_id', 'p.plant_uid', 's.parent_gridbox_id', 's.subx', 's.suby'])
    .where('m.company_id', '=', company)
    .where('m.movement_reason', 'like', `${prefix}move-%`)
    .execute();
  const movesByReason = groupBy(moves, (m) => m.movement_reason ?? '');

  // 1. Each write: applied exactly once when acknowledged, not at all when refused.
  for (const w of writes) {
    const answer = parse(finals.get(w.key));
    if (w.kind === 'room') {
      const found = roomsByName.get(w.marker) ?? [];
      expectCount(w, found.length);
      const id = (answer?.room as { RoomID?: number } | undefined)?.RoomID;
      if (id !== undefined && found.length === 1 && found[0]!.room_id !== id) fail(`room ${w.key}: answered RoomID ${id}, stored ${found[0]!.room_id}`);
      for (const r of found) {
        const n = auditsByRoom.get(String(r.room_id))?.length ?? 0;
        if (n !== 1) fail(`room ${w.key}: ${n} room.created audit events for room ${r.room_id}`);
      }
    } else if (w.kind === 'form') {
      const found = notesByMarker.get(w.marker) ?? [];
      expectCount(w, found.length);
      const id = answer?.response_id as number | undefined;
      if (id !== undefined && found.length === 1 && found[0]!.response_id !== id) fail(`form ${w.key}: answered response ${id}, stored ${found[0]!.response_id}`);
    } else if (w.kind === 'photo') {
      const found = photosByTime.get(w.marker) ?? [];
      expectCount(w, found.length);
      const id = answer?.response_id as number | undefined;
      if (id !== undefined && found.length === 1 && found[0]!.response_id !== id) fail(`photo ${w.key}: answered response ${id}, stored ${found[0]!.response_id}`);
      for (const r of found) {
        if (!r.image_key || !r.image_thumb) fail(`photo ${w.key}: response ${r.response_id} has no image`);
        else if (opts.files) {
          for (const k of [r.image_key, r.image_thumb]) if (!(await opts.files.exists(k))) fail(`photo ${w.key}: response ${r.response_id} names a missing file ${k}`);
        }
      }
    } else if (w.kind === 'move') {
      const found = movesByReason.get(w.marker) ?? [];
      expectCount(w, found.length);
      for (const m of found) {
        const want = w.move!;
        if (m.plant_uid !== want.plantUid || m.to_gridbox_id !== want.box || m.parent_gridbox_id !== want.box || m.subx !== want.position.subx || m.suby !== want.position.suby) {
          fail(`move ${w.key}: movement ${m.movement_id} went elsewhere: ${JSON.stringify(m)} (wanted ${JSON.stringify(want)})`);
        }
      }
    }
  }

  // 2. Counts: nothing of this run beyond the writes.
  const markers = new Set(writes.map((w) => w.marker));
  for (const r of rooms) if (!markers.has(r.name)) fail(`room ${r.room_id} "${r.name}" belongs to no write`);
  for (const n of notes) if (!markers.has(n.input_data)) fail(`response ${n.response_id} has a Note "${n.input_data}" of no write`);
  for (const [time, rs] of photosByTime) if (!markers.has(time)) fail(`photo responses ${rs.map((r) => r.response_id).join(',')} observed at ${time} belong to no write`);
  for (const m of moves) if (!markers.has(m.movement_reason ?? '')) fail(`movement ${m.movement_id} "${m.movement_reason}" belongs to no write`);
  const formWrites = writes.filter((w) => w.kind === 'form' || w.kind === 'photo');
  const appliedForms = formWrites.filter((w) => isOk(finals.get(w.key))).length;
  const unknownForms = formWrites.filter((w) => finals.get(w.key) === undefined).length;
  if (responses.length < appliedForms || responses.length > appliedForms + unknownForms) {
    fail(`form responses of the workload template: ${responses.length}, acknowledged ${appliedForms} (+${unknownForms} unanswered)`);
  }

  // 3. Batch statuses: each own batch's history is exactly its applied changes, in order; every
  //    history is a chain that ends in the batch's status; the applied changes add up.
  const batchIds = [...world.ownBatches, ...world.sharedBatches];
  const history = await db
    .selectFrom('batch_status_history')
    .select(['id', 'batch_id', 'from_status', 'to_status'])
    .where('company_id', '=', company)
    .where('batch_id', 'in', batchIds)
    .orderBy('id')
    .execute();
  const batches = await db.selectFrom('batches').select(['batch_id', 'batch_status']).where('batch_id', 'in', batchIds).execute();
  const historyOf = groupBy(history, (h) => h.batch_id);
  for (const b of batches) {
    const rows = historyOf.get(b.batch_id) ?? [];
    if (rows.length === 0 || rows[0]!.from_status !== null) fail(`batch ${b.batch_id}: history does not start with its creation`);
    for (let k = 1; k < rows.length; k++) {
      if (rows[k]!.from_status !== rows[k - 1]!.to_status) fail(`batch ${b.batch_id}: history row ${rows[k]!.id} goes from ${rows[k]!.from_status}, the row before ended at ${rows[k - 1]!.to_status}`);
      if (rows[k]!.from_status === rows[k]!.to_status) fail(`batch ${b.batch_id}: history row ${rows[k]!.id} changes nothing`);
    }
    if (rows.length && rows[rows.length - 1]!.to_status !== b.batch_status) fail(`batch ${b.batch_id}: status ${b.batch_status}, history ends at ${rows[rows.length - 1]!.to_status}`);
  }
  if (batches.length !== batchIds.length) fail(`batches: ${batches.length} of ${batchIds.length} left`);
  const statusWrites = writes.filter((w) => w.kind === 'status');
  for (const [c, own] of world.ownBatches.entries()) {
    const mine = statusWrites.filter((w) => w.client === c);
    if (mine.length === 0) continue;
    const actual = (historyOf.get(own) ?? []).slice(1).map((h) => h.to_status);
    const unknown = mine.some((w) => finals.get(w.key) === undefined);
    let last = 'Planned';
    const expected: string[] = [];
    for (const w of mine) {
      if (!isOk(finals.get(w.key)) || w.status!.status === last) continue;
      expected.push(w.status!.status);
      last = w.status!.status;
    }
    if (!unknown && actual.join('>') !== expected.join('>')) fail(`own batch ${own} of client ${c}: history ${actual.join('>')}, acknowledged changes ${expected.join('>')}`);
    if (unknown && actual.length < expected.length) fail(`own batch ${own} of client ${c}: history ${actual.join('>')} misses acknowledged changes ${expected.join('>')}`);
  }
  const appliedStatus = statusWrites.filter((w) => isOk(finals.get(w.key)));
  const changed = appliedStatus.map((w) => parse(finals.get(w.key))?.changed);
  if (appliedStatus.length === statusWrites.length && changed.every((n) => typeof n === 'number')) {
    const sum = (changed as number[]).reduce((a, b) => a + b, 0);
    const rows = history.filter((h) => h.from_status !== null).length;
    if (sum !== rows) fail(`batch history: ${rows} status changes stored, the answers report ${sum}`);
  }

  // 4. Keys: none left in progress or with its answer lost; every acknowledged write committed with its key.
  const scopes = world.users.map((u) => `user:${u.userId}`);
  const keys = await db
    .selectFrom('idempotency_keys')
    .select(['key', 'status_code', 'committed_at', 'locked_until'])
    .where('scope', 'in', scopes)
    .where('key', 'like', `${prefix}%`)
    .execute();
  const keyRows = new Map(keys.map((k) => [k.key, k]));
  for (const k of keys) {
    if (k.status_code === null && k.committed_at === null) fail(`key ${k.key} left in progress (locked until ${new Date(k.locked_until).toISOString()})`);
    else if (k.status_code === null) fail(`key ${k.key} committed but without a stored answer`);
  }
  for (const w of writes) {
    const a = finals.get(w.key);
    const row = keyRows.get(w.key);
    if (a && !isRetryable(a.status) && !row) fail(`key ${w.key}: answered ${a.status} but its answer is not stored`);
    if (a && isRetryable(a.status) && row?.committed_at) fail(`key ${w.key}: answered ${a.status} yet committed at ${String(row.committed_at)}`);
    if (isOk(a) && row && row.committed_at === null) fail(`key ${w.key}: answered ${a!.status} without a committed_at receipt`);
    if (row && a && row.status_code !== null && row.status_code !== a.status) fail(`key ${w.key}: last answer ${a.status}, stored ${row.status_code}`);
  }

  // 5. No orphans and no plant in two places (company-wide).
  const orphan = async (label: string, query: RawBuilder<{ n: number }>) => {
    const n = Number((await query.execute(db)).rows[0]?.n ?? 0);
    if (n !== 0) fail(`${label}: ${n}`);
  };
  await orphan('grid boxes without their grid', sql<{ n: number }>`
    select count(*)::int as n from grid_boxes b left join grids g on g.grid_id = b.grid_id where b.company_id = ${company} and g.grid_id is null`);
  await orphan('sub-boxes without their parent box', sql<{ n: number }>`
    select count(*)::int as n from sub_gridboxes s left join grid_boxes b on b.grid_box_id = s.parent_gridbox_id where s.company_id = ${company} and b.grid_box_id is null`);
  await orphan('sub-boxes holding a missing plant', sql<{ n: number }>`
    select count(*)::int as n from sub_gridboxes s left join plants p on p.plant_id = s.plant_id where s.company_id = ${company} and s.plant_id is not null and p.plant_id is null`);
  await orphan('plants in two places', sql<{ n: number }>`
    select count(*)::int as n from (select plant_id from sub_gridboxes where company_id = ${company} and deleted_at is null and plant_id is not null group by plant_id having count(*) > 1) t`);
  await orphan('two live sub-boxes at one position', sql<{ n: number }>`
    select count(*)::int as n from (select 1 from sub_gridboxes where company_id = ${company} and deleted_at is null group by parent_gridbox_id, subx, suby having count(*) > 1) t`);
  await orphan('movements pointing at nothing', sql<{ n: number }>`
    select count(*)::int as n from plant_movements m
      left join plants p on p.plant_id = m.plant_id
      left join sub_gridboxes f on f.sub_gridbox_id = m.from_sub_gridbox_id
      left join sub_gridboxes t on t.sub_gridbox_id = m.to_sub_gridbox_id
      left join grid_boxes tb on tb.grid_box_id = m.to_gridbox_id
    where m.company_id = ${company} and (p.plant_id is null
      or (m.from_sub_gridbox_id is not null and f.sub_gridbox_id is null)
      or (m.to_sub_gridbox_id is not null and t.sub_gridbox_id is null)
      or (m.to_gridbox_id is not null and tb.grid_box_id is null))`);
  await orphan('responses without their template', sql<{ n: number }>`
    select count(*)::int as n from form_responses r left join form_templates t on t.template_id = r.template_id where r.company_id = ${company} and t.template_id is null`);
  await orphan('answers without their response or field, or of another template', sql<{ n: number }>`
    select count(*)::int as n from field_responses fr
      left join form_responses r on r.response_id = fr.response_id
      left join form_fields f on f.field_id = fr.field_id
    where fr.company_id = ${company} and (r.response_id is null or f.field_id is null or f.template_id <> r.template_id)`);
  await orphan('workload responses with no answer', sql<{ n: number }>`
    select count(*)::int as n from form_responses r where r.company_id = ${company} and r.template_id = ${world.form.templateId}
      and not exists (select 1 from field_responses fr where fr.response_id = r.response_id)`);
  await orphan('history of a missing batch', sql<{ n: number }>`
    select count(*)::int as n from batch_status_history h left join batches b on b.batch_id = h.batch_id where h.company_id = ${company} and b.batch_id is null`);

  // Every workload plant sits in exactly one live sub-box: the one its last movement took it to.
  const uids = world.plants.flat();
  const places = await sql<{ plant_uid: string; places: number; here: number | null; last_to: number | null }>`
    select p.plant_uid,
      (select count(*)::int from sub_gridboxes s where s.plant_id = p.plant_id and s.deleted_at is null) as places,
      (select min(s.sub_gridbox_id) from sub_gridboxes s where s.plant_id = p.plant_id and s.deleted_at is null) as here,
      (select m.to_sub_gridbox_id from plant_movements m where m.plant_id = p.plant_id order by m.movement_id desc limit 1) as last_to
    from plants p where p.company_id = ${company} and p.plant_uid in (${sql.join(uids)})`.execute(db);
  if (places.rows.length !== uids.length) fail(`plants: ${places.rows.length} of ${uids.length} left`);
  for (const p of places.rows) {
    if (p.places !== 1) fail(`plant ${p.plant_uid} is in ${p.places} places`);
    else if (p.last_to !== null && p.last_to !== p.here) fail(`plant ${p.plant_uid} is in sub-box ${p.here}, its last movement took it to ${p.last_to}`);
  }
  return problems;
}

function groupBy<T, K>(rows: T[], key: (r: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const r of rows) {
    const k = key(r);
    const list = out.get(k);
    if (list) list.push(r);
    else out.set(k, [r]);
  }
  return out;
}
