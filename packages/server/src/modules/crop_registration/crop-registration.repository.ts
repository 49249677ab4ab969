import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;

// --- owned rows elsewhere, read for tenancy -------------------------------------------------------------

export const cropOf = (db: Db, companyId: number, cropId: number) =>
  db.selectFrom('crops').select(['crop_id', 'name', 'eppo_code']).where('company_id', '=', companyId).where('crop_id', '=', cropId).executeTakeFirst();

export const cropsOfCompany = (db: Db, companyId: number) =>
  db.selectFrom('crops').select(['crop_id', 'eppo_code']).where('company_id', '=', companyId).execute();

export const roomOf = (db: Db, companyId: number, roomId: number) =>
  db.selectFrom('rooms').select(['room_id', 'name']).where('company_id', '=', companyId).where('room_id', '=', roomId).executeTakeFirst();

export const batchOf = (db: Db, companyId: number, batchId: number) =>
  db.selectFrom('batches').select(['batch_id']).where('company_id', '=', companyId).where('batch_id', '=', batchId).executeTakeFirst();

/** The grid boxes among `ids` that lie in the room (through its grids), with their position. */
export const boxesInRoom = (db: Db, companyId: number, roomId: number, ids: number[]) =>
  db.selectFrom('grid_boxes as b')
    .innerJoin('room_grid as rg', 'rg.grid_id', 'b.grid_id')
    .select(['b.grid_box_id'])
    .where('b.company_id', '=', companyId).where('rg.room_id', '=', roomId).where('b.grid_box_id', 'in', ids)
    .execute();

/**
 * The company's location for its weather (docs/decisions.md): the location most of its active users set, SuperAdmins'
 * first on a tie, as the overview's weather card uses a user's location. Null when nobody set one.
 */
export async function companyLocation(db: Db, companyId: number): Promise<string | null> {
  const rows = await db.selectFrom('users').select(['location', 'user_role']).where('company_id', '=', companyId).where('active', '=', true)
    .where('location', 'is not', null).orderBy('user_id').limit(5000).execute();
  const votes = new Map<string, { text: string; n: number; boss: number }>();
  for (const r of rows) {
    const text = (r.location ?? '').trim();
    if (!text) continue;
    const key = text.replace(/\s+/g, ' ').toLowerCase();
    const v = votes.get(key) ?? { text, n: 0, boss: 0 };
    v.n += 1;
    if (r.user_role === 'SuperAdmin') v.boss += 1;
    votes.set(key, v);
  }
  return [...votes.values()].sort((x, y) => y.n - x.n || y.boss - x.boss)[0]?.text ?? null;
}

export const plantsOfCompany = (db: Db, companyId: number, ids: number[]) =>
  db.selectFrom('plants').select('plant_id').where('company_id', '=', companyId).where('plant_id', 'in', ids).execute();

// --- measurement types -----------------------------------------------------------------------------------

export const seededCrops = async (db: Db, companyId: number) =>
  new Set((await db.selectFrom('measurement_type_seeds').select('crop_id').where('company_id', '=', companyId).execute()).map((r) => r.crop_id));

/** Marks the crop seeded; true when this call is the first (its defaults go in now). */
export async function markSeeded(trx: Transaction<DB>, companyId: number, cropId: number): Promise<boolean> {
  const first = await trx.insertInto('measurement_type_seeds').values({ company_id: companyId, crop_id: cropId })
    .onConflict((oc) => oc.doNothing()).returning('crop_id').executeTakeFirst();
  return first !== undefined;
}

export type TypeInsert = {
  company_id: number; crop_id: number; name: string; unit: string; min: number; max: number; decimals: number;
  how_to_measure: string; kind: string; measure: string | null; position: number; is_default: boolean; created_by: number | null;
};

export async function insertTypes(trx: Transaction<DB>, rows: TypeInsert[]) {
  if (rows.length === 0) return [];
  return trx.insertInto('measurement_types').values(rows).returning('type_id').execute();
}

const typeColumns = ['type_id', 'crop_id', 'name', 'unit', 'min', 'max', 'decimals', 'how_to_measure', 'kind', 'measure', 'position', 'is_default'] as const;

export const liveTypes = (db: Db, companyId: number, cropId?: number) => {
  let q = db.selectFrom('measurement_types').select(typeColumns).where('company_id', '=', companyId).where('deleted_at', 'is', null);
  if (cropId !== undefined) q = q.where('crop_id', '=', cropId);
  return q.orderBy('crop_id').orderBy('position').orderBy('type_id').execute();
};
export type TypeRow = Awaited<ReturnType<typeof liveTypes>>[number];

export const findType = (db: Db, companyId: number, typeId: number) =>
  db.selectFrom('measurement_types').select(typeColumns).where('company_id', '=', companyId).where('type_id', '=', typeId)
    .where('deleted_at', 'is', null).executeTakeFirst();

/** Every type of the crops (also removed ones), for reading registered values by measure. */
export const measuresOfCrops = (db: Db, companyId: number, cropIds: number[]) =>
  db.selectFrom('measurement_types').select(['type_id', 'crop_id', 'measure']).where('company_id', '=', companyId)
    .where('crop_id', 'in', cropIds).where('measure', 'is not', null).execute();

export async function typeClash(db: Db, cropId: number, name: string, measure: string | null, exceptId?: number) {
  let q = db.selectFrom('measurement_types').select(['name', 'measure']).where('crop_id', '=', cropId).where('deleted_at', 'is', null)
    .where((eb) => eb.or([eb(sql<string>`lower(name)`, '=', name.toLowerCase()), ...(measure ? [eb('measure', '=', measure)] : [])]));
  if (exceptId !== undefined) q = q.where('type_id', '<>', exceptId);
  const rows = await q.execute();
  return { name: rows.some((r) => r.name.toLowerCase() === name.toLowerCase()), measure: measure !== null && rows.some((r) => r.measure === measure) };
}

export const nextPosition = async (db: Db, cropId: number) =>
  Number((await db.selectFrom('measurement_types').select(sql<number>`coalesce(max(position), -1) + 1`.as('p')).where('crop_id', '=', cropId).executeTakeFirstOrThrow()).p);

export async function updateType(trx: Transaction<DB>, typeId: number, changes: Omit<TypeInsert, 'company_id' | 'crop_id' | 'is_default' | 'created_by'>) {
  await trx.updateTable('measurement_types').set({ ...changes, updated_at: new Date() }).where('type_id', '=', typeId).execute();
}

export async function softDeleteType(trx: Transaction<DB>, typeId: number) {
  await trx.updateTable('measurement_types').set({ deleted_at: new Date() }).where('type_id', '=', typeId).execute();
}

export const lockCrop = (trx: Transaction<DB>, cropId: number) => sql`SELECT pg_advisory_xact_lock(${-1_000_000_000 - cropId})`.execute(trx);

// --- plantings -------------------------------------------------------------------------------------------

const plantingQuery = (db: Db, companyId: number) =>
  db.selectFrom('crop_plantings as p')
    .innerJoin('rooms as r', 'r.room_id', 'p.room_id')
    .innerJoin('crops as c', 'c.crop_id', 'p.crop_id')
    .leftJoin('batches as b', 'b.batch_id', 'p.batch_id')
    .select(['p.planting_id', 'p.room_id', 'r.name as room_name', 'p.crop_id', 'c.name as crop_name', 'c.eppo_code', 'p.batch_id',
      'b.batch_number', 'p.area_m2', 'p.stems_per_m2', 'p.start_week', 'p.end_week', 'p.rotation_weeks'])
    .where('p.company_id', '=', companyId);

export const listPlantings = (db: Db, companyId: number, filter: { roomId?: number; cropId?: number; plantingIds?: number[] } = {}) => {
  let q = plantingQuery(db, companyId);
  if (filter.roomId !== undefined) q = q.where('p.room_id', '=', filter.roomId);
  if (filter.cropId !== undefined) q = q.where('p.crop_id', '=', filter.cropId);
  if (filter.plantingIds !== undefined) q = q.where('p.planting_id', 'in', filter.plantingIds.length ? filter.plantingIds : [0]);
  return q.orderBy('r.name').orderBy('p.start_week').orderBy('p.planting_id').execute();
};
export type PlantingRow = Awaited<ReturnType<typeof listPlantings>>[number];

export const findPlanting = (db: Db, companyId: number, plantingId: number) =>
  plantingQuery(db, companyId).where('p.planting_id', '=', plantingId).executeTakeFirst();

export type PlantingWrite = {
  room_id: number; crop_id: number; batch_id: number | null; area_m2: number; stems_per_m2: number;
  start_week: string; end_week: string | null; rotation_weeks: number;
};

export async function insertPlanting(trx: Transaction<DB>, row: PlantingWrite & { company_id: number; created_by: number }) {
  return (await trx.insertInto('crop_plantings').values(row).returning('planting_id').executeTakeFirstOrThrow()).planting_id;
}

export async function updatePlanting(trx: Transaction<DB>, plantingId: number, row: PlantingWrite) {
  await trx.updateTable('crop_plantings').set({ ...row, updated_at: new Date() }).where('planting_id', '=', plantingId).execute();
}

export const lockPlanting = (trx: Transaction<DB>, companyId: number, plantingId: number) =>
  trx.selectFrom('crop_plantings').selectAll().where('company_id', '=', companyId).where('planting_id', '=', plantingId).forUpdate().executeTakeFirst();

// --- sample sets -----------------------------------------------------------------------------------------

export const setsOfPlanting = (db: Db, companyId: number, plantingId: number, week?: string) => {
  let q = db.selectFrom('sample_sets').select(['set_id', 'planting_id', 'valid_from', 'valid_to']).where('company_id', '=', companyId).where('planting_id', '=', plantingId);
  if (week !== undefined) q = q.where('valid_from', '<=', week).where('valid_to', '>=', week);
  return q.orderBy('valid_from').execute();
};
export type SetRow = Awaited<ReturnType<typeof setsOfPlanting>>[number];

export const plantsOfSets = (db: Db, companyId: number, setIds: number[]) =>
  db.selectFrom('sample_plants as sp')
    .innerJoin('grid_boxes as b', 'b.grid_box_id', 'sp.grid_box_id')
    .innerJoin('grids as g', 'g.grid_id', 'b.grid_id')
    .select(['sp.sample_plant_id', 'sp.set_id', 'sp.grid_box_id', 'b.grid_id', 'g.name as grid_name', 'b.x', 'b.y', 'b.custom_name as box_name',
      'sp.plant_id', 'sp.label', 'sp.position'])
    .where('sp.company_id', '=', companyId).where('sp.set_id', 'in', setIds.length ? setIds : [0])
    .orderBy('sp.set_id').orderBy('sp.position').execute();
export type SamplePlantRow = Awaited<ReturnType<typeof plantsOfSets>>[number];

export async function insertSet(trx: Transaction<DB>, row: { company_id: number; planting_id: number; valid_from: string; valid_to: string; created_by: number }) {
  return (await trx.insertInto('sample_sets').values(row).returning('set_id').executeTakeFirstOrThrow()).set_id;
}

export async function endSet(trx: Transaction<DB>, setId: number, validTo: string) {
  await trx.updateTable('sample_sets').set({ valid_to: validTo }).where('set_id', '=', setId).execute();
}

export async function insertSamplePlants(trx: Transaction<DB>, rows: Array<{ company_id: number; set_id: number; grid_box_id: number; plant_id: number | null; label: string | null; position: number }>) {
  await trx.insertInto('sample_plants').values(rows).execute();
}

export const findSet = (db: Db, companyId: number, setId: number) =>
  db.selectFrom('sample_sets').select(['set_id', 'planting_id', 'valid_from', 'valid_to']).where('company_id', '=', companyId).where('set_id', '=', setId).executeTakeFirst();

export const setHasValues = async (db: Db, companyId: number, setId: number) =>
  (await db.selectFrom('crop_registration_values as v').innerJoin('sample_plants as sp', 'sp.sample_plant_id', 'v.sample_plant_id')
    .select('v.week').where('sp.company_id', '=', companyId).where('v.company_id', '=', companyId).where('sp.set_id', '=', setId).limit(1).executeTakeFirst()) !== undefined;

export async function deleteSet(trx: Transaction<DB>, setId: number) {
  await trx.deleteFrom('sample_sets').where('set_id', '=', setId).execute();
}

export const samplePlantOf = (db: Db, companyId: number, samplePlantId: number) =>
  db.selectFrom('sample_plants as sp').innerJoin('sample_sets as s', 's.set_id', 'sp.set_id')
    .innerJoin('crop_plantings as p', 'p.planting_id', 's.planting_id')
    .select(['sp.sample_plant_id', 's.set_id', 's.valid_from', 's.valid_to', 'p.planting_id', 'p.crop_id'])
    .where('sp.company_id', '=', companyId).where('sp.sample_plant_id', '=', samplePlantId).executeTakeFirst();

/** The sets of a room's plantings running in a week, with the planting's crop (the room map and the labels). */
export const runningSetsOfRoom = (db: Db, companyId: number, roomId: number, week: string) =>
  db.selectFrom('sample_sets as s')
    .innerJoin('crop_plantings as p', 'p.planting_id', 's.planting_id')
    .innerJoin('crops as c', 'c.crop_id', 'p.crop_id')
    .select(['s.set_id', 's.planting_id', 's.valid_from', 's.valid_to', 'c.name as crop_name'])
    .where('s.company_id', '=', companyId).where('p.company_id', '=', companyId).where('p.room_id', '=', roomId)
    .where('s.valid_from', '<=', week).where('s.valid_to', '>=', week)
    .orderBy('s.planting_id').execute();

/** The registration photos of sample plants in some weeks (every week without `weeks`). */
export const photosOf = (db: Db, companyId: number, samplePlantIds: number[], weeks?: string[]) => {
  let q = db.selectFrom('crop_registration_photos').select(['sample_plant_id', 'week', 'image_key', 'thumb_key'])
    .where('company_id', '=', companyId).where('sample_plant_id', 'in', samplePlantIds.length ? samplePlantIds : [0]);
  if (weeks !== undefined) q = q.where('week', 'in', weeks.length ? weeks : ['1970-01-05']);
  return q.execute();
};
export type PhotoRow = Awaited<ReturnType<typeof photosOf>>[number];

/** Keeps a week's photo of a sample plant (replacing the one before) and answers the replaced row's files. */
export async function replacePhoto(trx: Transaction<DB>, row: { company_id: number; sample_plant_id: number; week: string; image_key: string; thumb_key: string; uploaded_by: number }) {
  const before = await trx.selectFrom('crop_registration_photos').select(['image_key', 'thumb_key'])
    .where('company_id', '=', row.company_id).where('sample_plant_id', '=', row.sample_plant_id).where('week', '=', row.week).forUpdate().executeTakeFirst();
  await trx.insertInto('crop_registration_photos').values(row)
    .onConflict((oc) => oc.columns(['company_id', 'sample_plant_id', 'week']).doUpdateSet((eb) => ({
      image_key: eb.ref('excluded.image_key'), thumb_key: eb.ref('excluded.thumb_key'), uploaded_by: eb.ref('excluded.uploaded_by'), uploaded_at: new Date(),
    })))
    .execute();
  return before;
}

/** A sample plant's latest registered weeks (values or a photo), newest first. */
export async function registeredWeeks(db: Db, companyId: number, samplePlantId: number, limit: number): Promise<string[]> {
  const rows = await db.selectFrom('crop_registration_values').select('week').where('company_id', '=', companyId).where('sample_plant_id', '=', samplePlantId)
    .union(db.selectFrom('crop_registration_photos').select('week').where('company_id', '=', companyId).where('sample_plant_id', '=', samplePlantId))
    .orderBy('week', 'desc').limit(limit).execute();
  return rows.map((r) => r.week);
}

/** Sample plants' values of some weeks with their type's name, unit and kind, in the form's order. */
export const namedValuesOf = (db: Db, companyId: number, samplePlantIds: number[], weeks: string[]) =>
  db.selectFrom('crop_registration_values as v')
    .innerJoin('measurement_types as t', (j) => j.onRef('t.company_id', '=', 'v.company_id').onRef('t.type_id', '=', 'v.type_id'))
    .select(['v.sample_plant_id', 'v.week', 'v.type_id', 't.name', 't.unit', 't.kind', 'v.value', 'v.out_of_range'])
    .where('v.company_id', '=', companyId).where('v.sample_plant_id', 'in', samplePlantIds.length ? samplePlantIds : [0])
    .where('v.week', 'in', weeks.length ? weeks : ['1970-01-05'])
    .orderBy('v.sample_plant_id').orderBy('v.week', 'desc').orderBy('t.position').orderBy('v.type_id').execute();
export type NamedValueRow = Awaited<ReturnType<typeof namedValuesOf>>[number];

/** Each sample plant's values of its latest registered week on or before `week`, with the type's name and unit. */
export const lastValuesOf = (db: Db, companyId: number, samplePlantIds: number[], week: string) =>
  db.selectFrom('crop_registration_values as v')
    .innerJoin('measurement_types as t', (j) => j.onRef('t.company_id', '=', 'v.company_id').onRef('t.type_id', '=', 'v.type_id'))
    .select(['v.sample_plant_id', 'v.week', 'v.type_id', 't.name', 't.unit', 't.kind', 'v.value', 'v.out_of_range'])
    .where('v.company_id', '=', companyId).where('v.sample_plant_id', 'in', samplePlantIds.length ? samplePlantIds : [0])
    .where('v.week', '=', (eb) => eb.selectFrom('crop_registration_values as l').select((l) => l.fn.max('l.week').as('m'))
      .where('l.company_id', '=', companyId).whereRef('l.sample_plant_id', '=', 'v.sample_plant_id').where('l.week', '<=', week))
    .orderBy('v.sample_plant_id').orderBy('t.position').orderBy('v.type_id').execute();

// --- registrations ---------------------------------------------------------------------------------------

/** Registrations of one sample plant wait on each other (the deltas of this week and the next are kept). */
export const lockSamplePlant = (trx: Transaction<DB>, samplePlantId: number) => sql`SELECT pg_advisory_xact_lock(${samplePlantId})`.execute(trx);

export const valuesOf = (db: Db, companyId: number, samplePlantIds: number[], weeks: string[]) =>
  db.selectFrom('crop_registration_values').select(['sample_plant_id', 'week', 'type_id', 'value', 'delta', 'out_of_range']).where('company_id', '=', companyId)
    .where('sample_plant_id', 'in', samplePlantIds.length ? samplePlantIds : [0]).where('week', 'in', weeks)
    .orderBy('sample_plant_id').orderBy('type_id').execute();
export type ValueRow = Awaited<ReturnType<typeof valuesOf>>[number];

export async function upsertValue(trx: Transaction<DB>, row: {
  company_id: number; sample_plant_id: number; week: string; type_id: number; planting_id: number; value: number; delta: number | null;
  out_of_range: boolean; registered_by: number;
}) {
  await trx.insertInto('crop_registration_values').values(row)
    .onConflict((oc) => oc.columns(['company_id', 'sample_plant_id', 'week', 'type_id']).doUpdateSet((eb) => ({
      value: eb.ref('excluded.value'), delta: eb.ref('excluded.delta'), out_of_range: eb.ref('excluded.out_of_range'),
      registered_by: eb.ref('excluded.registered_by'), registered_at: new Date(),
    })))
    .execute();
}

export async function setDelta(trx: Transaction<DB>, companyId: number, samplePlantId: number, week: string, typeId: number, delta: number | null) {
  await trx.updateTable('crop_registration_values').set({ delta }).where('company_id', '=', companyId).where('sample_plant_id', '=', samplePlantId).where('week', '=', week).where('type_id', '=', typeId).execute();
}

/**
 * Adds to a planting's week sums (the change of one value: counts ±1, sums by the difference), kept as one row per
 * planting and week (crop_registration_week_sums): at the type's place in the arrays, or appended for a type new to
 * the week. One upsert: a concurrent registration of the same week waits for the row and adds to what it committed.
 */
export async function addToWeek(trx: Transaction<DB>, row: { company_id: number; planting_id: number; week: string; type_id: number; n: number; sum_value: number; n_delta: number; sum_delta: number }) {
  const place = sql`coalesce(array_position(s.type_ids, ${row.type_id}::int), cardinality(s.type_ids) + 1)`;
  const had = (column: string) => sql`coalesce(${sql.ref(`s.${column}`)}[array_position(s.type_ids, ${row.type_id}::int)], 0)`;
  await sql`
    INSERT INTO crop_registration_week_sums AS s (company_id, planting_id, week, type_ids, n, sum_value, n_delta, sum_delta)
    VALUES (${row.company_id}, ${row.planting_id}, ${row.week}, ARRAY[${row.type_id}::int], ARRAY[${row.n}::int], ARRAY[${row.sum_value}::float8],
            ARRAY[${row.n_delta}::int], ARRAY[${row.sum_delta}::float8])
    ON CONFLICT (company_id, planting_id, week) DO UPDATE SET
      type_ids[${place}] = ${row.type_id}::int,
      n[${place}] = ${had('n')} + ${row.n}::int,
      sum_value[${place}] = ${had('sum_value')} + ${row.sum_value}::float8,
      n_delta[${place}] = ${had('n_delta')} + ${row.n_delta}::int,
      sum_delta[${place}] = ${had('sum_delta')} + ${row.sum_delta}::float8
  `.execute(trx);
}

/** The company's measurement types that feed an indicator (removed ones too: their kept sums still count). */
const measuresOfTypes = (db: Db, companyId: number) =>
  db.selectFrom('measurement_types').select(['type_id', 'measure']).where('company_id', '=', companyId).where('measure', 'is not', null).execute();

/** A kept week row as read: planting, week, and its types' ids, counts and sums at the same places. */
type KeptWeekRow = [planting_id: number, week: string, type_ids: number[], n: number[], sum_value: number[], n_delta: number[], sum_delta: number[]];

/** One planting's week sums: each type's measure (null for a type without one) and sums, at the same places. */
export type WeekSumRow = { planting_id: number; week: string; measures: Array<string | null>; n: number[]; sum_value: number[]; n_delta: number[]; sum_delta: number[] };

/**
 * The week sums of plantings between two weeks (inclusive): one row per planting and week with its types' measures
 * and sums as parallel arrays (rows whose types have no measure left out), in planting then week order (a room's last
 * year keeps its later planting's week: groupSums). Read as kept, one row per planting and week
 * (crop_registration_week_sums): a year of 100 rooms is 5,300 rows, where one row per type was 53,000 to sort and
 * group back on every read. The rows come as one JSON text, parsed at once: the driver's rows and their arrays as text
 * split here took as long as the read itself (docs/decisions.md, bench/crop-registration.bench.ts).
 */
export async function weekSums(db: Db, companyId: number, plantingIds: number[], from: string, to: string): Promise<WeekSumRow[]> {
  const [types, json] = await Promise.all([
    measuresOfTypes(db, companyId),
    db.selectFrom('crop_registration_week_sums')
      .select(sql<string>`coalesce(json_agg(json_build_array(planting_id, week, type_ids, n, sum_value, n_delta, sum_delta) ORDER BY planting_id, week), '[]')::text`.as('rows'))
      .where('company_id', '=', companyId)
      .where('planting_id', 'in', plantingIds.length ? plantingIds : [0])
      .where('week', '>=', from).where('week', '<=', to)
      .executeTakeFirstOrThrow(),
  ]);
  const measureOf = new Map(types.map((t) => [t.type_id, t.measure!]));
  const out: WeekSumRow[] = [];
  for (const [plantingId, week, typeIds, n, sumValue, nDelta, sumDelta] of JSON.parse(json.rows) as KeptWeekRow[]) {
    let measured = false;
    const measures = typeIds.map((id) => {
      const m = measureOf.get(id) ?? null;
      if (m !== null) measured = true;
      return m;
    });
    if (measured) out.push({ planting_id: plantingId, week, measures, n, sum_value: sumValue, n_delta: nDelta, sum_delta: sumDelta });
  }
  return out;
}


// --- temperatures, harvests, targets, forecasts ----------------------------------------------------------

export const temperatures = (db: Db, companyId: number, roomId: number, start: string, end: string) =>
  db.selectFrom('room_day_temperatures').select(['day', 'mean_c']).where('company_id', '=', companyId).where('room_id', '=', roomId).where('day', '>=', start).where('day', '<=', end).orderBy('day').execute();

export const temperaturesOfRooms = (db: Db, companyId: number, roomIds: number[], start: string, end: string) =>
  db.selectFrom('room_day_temperatures').select(['room_id', 'day', 'mean_c']).where('company_id', '=', companyId).where('room_id', 'in', roomIds.length ? roomIds : [0])
    .where('day', '>=', start).where('day', '<=', end).execute();

export async function upsertTemperatures(trx: Transaction<DB>, rows: Array<{ company_id: number; room_id: number; day: string; mean_c: number; updated_by: number }>) {
  await trx.insertInto('room_day_temperatures').values(rows)
    .onConflict((oc) => oc.columns(['company_id', 'room_id', 'day']).doUpdateSet((eb) => ({ mean_c: eb.ref('excluded.mean_c'), updated_by: eb.ref('excluded.updated_by'), updated_at: new Date() })))
    .execute();
}

export const harvests = (db: Db, companyId: number, plantingIds: number[], from?: string, to?: string) => {
  let q = db.selectFrom('crop_harvests').select(['planting_id', 'week', 'kg']).where('company_id', '=', companyId).where('planting_id', 'in', plantingIds.length ? plantingIds : [0]);
  if (from !== undefined) q = q.where('week', '>=', from);
  if (to !== undefined) q = q.where('week', '<=', to);
  return q.orderBy('planting_id').orderBy('week').execute();
};

export async function upsertHarvest(trx: Transaction<DB>, row: { company_id: number; planting_id: number; week: string; kg: number; recorded_by: number }) {
  await trx.insertInto('crop_harvests').values(row)
    .onConflict((oc) => oc.columns(['company_id', 'planting_id', 'week']).doUpdateSet((eb) => ({ kg: eb.ref('excluded.kg'), recorded_by: eb.ref('excluded.recorded_by'), recorded_at: new Date() })))
    .execute();
}

export const targets = (db: Db, companyId: number, cropId: number) =>
  db.selectFrom('crop_targets').select(['target_id', 'crop_id', 'indicator', 'value']).where('company_id', '=', companyId).where('crop_id', '=', cropId).orderBy('indicator').execute();

export const findTarget = (db: Db, companyId: number, targetId: number) =>
  db.selectFrom('crop_targets').select(['target_id', 'crop_id', 'indicator', 'value']).where('company_id', '=', companyId).where('target_id', '=', targetId).executeTakeFirst();

export async function upsertTarget(trx: Transaction<DB>, row: { company_id: number; crop_id: number; indicator: string; value: number; updated_by: number }) {
  return trx.insertInto('crop_targets').values(row)
    .onConflict((oc) => oc.columns(['company_id', 'crop_id', 'indicator']).doUpdateSet((eb) => ({ value: eb.ref('excluded.value'), updated_by: eb.ref('excluded.updated_by'), updated_at: new Date() })))
    .returning(['target_id', 'crop_id', 'indicator', 'value']).executeTakeFirstOrThrow();
}

export async function deleteTarget(trx: Transaction<DB>, targetId: number) {
  await trx.deleteFrom('crop_targets').where('target_id', '=', targetId).execute();
}

/**
 * Keeps forecast rows in one statement (the rows as arrays, unnested): a run for the same week replaces a row whose
 * figures changed and leaves an unchanged one as it is (its made_at stays when its figures were made).
 */
export async function saveForecast(trx: Transaction<DB>, rows: Array<{ company_id: number; planting_id: number; made_week: string; horizon: number; week: string; kg_per_m2: number }>) {
  if (rows.length === 0) return;
  await sql`
    INSERT INTO harvest_forecasts AS f (company_id, planting_id, made_week, horizon, week, kg_per_m2)
    SELECT * FROM unnest(${rows.map((r) => r.company_id)}::int[], ${rows.map((r) => r.planting_id)}::int[], ${rows.map((r) => r.made_week)}::date[],
                         ${rows.map((r) => r.horizon)}::smallint[], ${rows.map((r) => r.week)}::date[], ${rows.map((r) => r.kg_per_m2)}::float8[])
    ON CONFLICT (company_id, planting_id, made_week, horizon) DO UPDATE SET week = excluded.week, kg_per_m2 = excluded.kg_per_m2, made_at = now()
    WHERE (f.week, f.kg_per_m2) IS DISTINCT FROM (excluded.week, excluded.kg_per_m2)
  `.execute(trx);
}

/** Keeps each forecast's inputs and model beside its figures (a run for the same week replaces them). */
export async function saveForecastRuns(trx: Transaction<DB>, rows: Array<{ company_id: number; planting_id: number; made_week: string; inputs: unknown; model: string }>) {
  if (rows.length === 0) return;
  await trx.insertInto('harvest_forecast_runs').values(rows.map((r) => ({ ...r, inputs: JSON.stringify(r.inputs) })))
    .onConflict((oc) => oc.columns(['company_id', 'planting_id', 'made_week']).doUpdateSet((eb) => ({ inputs: eb.ref('excluded.inputs'), model: eb.ref('excluded.model'), made_at: new Date() }))
      // An unchanged run is left as it is, like its unchanged figures (saveForecast).
      .where((eb) => eb.or([eb('harvest_forecast_runs.inputs', 'is distinct from', eb.ref('excluded.inputs')), eb('harvest_forecast_runs.model', 'is distinct from', eb.ref('excluded.model'))])))
    .execute();
}

/** The inputs and model of plantings' forecasts made in given weeks (one made week per planting). */
export const forecastRuns = (db: Db, companyId: number, plantingIds: number[], madeWeeks: string[]) =>
  db.selectFrom('harvest_forecast_runs').select(['planting_id', 'made_week', 'inputs', 'model'])
    .where('company_id', '=', companyId).where('planting_id', 'in', plantingIds.length ? plantingIds : [0])
    .where('made_week', 'in', madeWeeks.length ? madeWeeks : ['1970-01-05']).execute();

export const forecastsAgainstHarvests = (db: Db, companyId: number, plantingId: number, from: string, to: string) =>
  db.selectFrom('harvest_forecasts as f')
    .leftJoin('crop_harvests as h', (j) => j.onRef('h.company_id', '=', 'f.company_id').onRef('h.planting_id', '=', 'f.planting_id').onRef('h.week', '=', 'f.week'))
    .select(['f.made_week', 'f.week', 'f.horizon', 'f.kg_per_m2', 'h.kg'])
    .where('f.company_id', '=', companyId).where('f.planting_id', '=', plantingId).where('f.made_week', '>=', from).where('f.made_week', '<=', to)
    .orderBy('f.made_week').orderBy('f.horizon').execute();

/**
 * Each planting's kept forecast of its latest made week on or before `week` (one row per horizon), or of exactly
 * `week` when `exact`; nothing is made here.
 */
export const latestForecasts = (db: Db, companyId: number, plantingIds: number[], week: string, exact = false) => {
  const q = db.selectFrom('harvest_forecasts as f')
    .select(['f.planting_id', 'f.made_week', 'f.horizon', 'f.week', 'f.kg_per_m2', 'f.made_at'])
    .where('f.company_id', '=', companyId).where('f.planting_id', 'in', plantingIds.length ? plantingIds : [0]);
  return (exact ? q.where('f.made_week', '=', week) : q.where('f.made_week', '=', (eb) => eb.selectFrom('harvest_forecasts as l').select((l) => l.fn.max('l.made_week').as('m'))
    .where('l.company_id', '=', companyId).whereRef('l.planting_id', '=', 'f.planting_id').where('l.made_week', '<=', week)))
    .orderBy('f.planting_id').orderBy('f.horizon').execute();
};
