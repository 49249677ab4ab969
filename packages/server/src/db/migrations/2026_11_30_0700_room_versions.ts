import { sql, type Kysely } from 'kysely';

/**
 * A version per room, kept by the database (issue 19; docs/decisions.md, "Facility answers kept per room").
 * The rooms module keeps each room's load_room_grids_boxes text in memory under (company, room, version) and
 * rebuilds only the rooms whose version moved. Every table whose rows show in a room's text bumps the
 * version of the rooms it touches, by statement triggers in the writer's own transaction, so no writer
 * (module, job, cascade, hand-written SQL) can forget it:
 *
 * - rooms (its fields), room_grid (which grids a room shows), grids (their fields), grid_boxes (the boxes);
 * - sub_gridboxes: a box's "SubGridboxCount" and "PlantCount" (live sub-boxes and those holding a plant);
 * - treatment_application_boxes and treatment_applications.reentry_until: a box's "NoEntryUntil".
 *
 * A version is a value of one sequence, so it is never given twice (a deleted and remade room, a migration
 * run again: a kept text can never match a newer state). A room's row goes with the room (cascade); a bump
 * only writes rows of rooms that still exist, so the triggers fired by a room's own cascaded delete add
 * nothing. Each statement bumps its rooms in id order (one row lock per room until the writer commits).
 * "NoEntryUntil" also changes with time alone (an interval ends); the cache knows when (rooms module).
 * A session that skips triggers (session_replication_role = replica: the scale seed's bulk window) must run
 * ROOM_VERSIONS_RENEWED afterwards; TRUNCATE is not followed.
 */
interface Source {
  table: string;
  /** The column of a changed row that leads to its rooms, and what it is. */
  key: string;
  level: 'room' | 'grid' | 'box' | 'application';
  events: Array<'INSERT' | 'UPDATE' | 'DELETE'>;
  /** For updates: the row's primary key and the columns whose change shows in the text; absent: any update counts. */
  watched?: { pk: string; columns: string[] };
}

const SOURCES: Source[] = [
  { table: 'rooms', key: 'room_id', level: 'room', events: ['INSERT', 'UPDATE'] },
  { table: 'room_grid', key: 'room_id', level: 'room', events: ['INSERT', 'UPDATE', 'DELETE'] },
  { table: 'grids', key: 'grid_id', level: 'grid', events: ['UPDATE'] },
  { table: 'grid_boxes', key: 'grid_id', level: 'grid', events: ['INSERT', 'UPDATE', 'DELETE'] },
  {
    table: 'sub_gridboxes', key: 'parent_gridbox_id', level: 'box', events: ['INSERT', 'UPDATE', 'DELETE'],
    watched: { pk: 'sub_gridbox_id', columns: ['parent_gridbox_id', 'company_id', '(deleted_at IS NULL)', '(plant_id IS NULL)'] },
  },
  { table: 'treatment_application_boxes', key: 'grid_box_id', level: 'box', events: ['INSERT', 'UPDATE', 'DELETE'] },
  {
    table: 'treatment_applications', key: 'application_id', level: 'application', events: ['UPDATE'],
    watched: { pk: 'application_id', columns: ['reentry_until', 'company_id'] },
  },
];

/** The rooms reached from an array `ids` of keys of a level. */
const ROOMS_OF: Record<Source['level'], string> = {
  room: 'SELECT unnest(ids)',
  grid: 'SELECT rg.room_id FROM room_grid rg WHERE rg.grid_id = ANY (ids)',
  box: 'SELECT rg.room_id FROM grid_boxes b JOIN room_grid rg ON rg.grid_id = b.grid_id WHERE b.grid_box_id = ANY (ids)',
  application: `SELECT rg.room_id FROM treatment_application_boxes ab JOIN grid_boxes b ON b.grid_box_id = ab.grid_box_id
    JOIN room_grid rg ON rg.grid_id = b.grid_id WHERE ab.application_id = ANY (ids)`,
};

const bumpFunction = (level: Source['level']) => `
  CREATE FUNCTION room_versions_bump_${level}s(ids integer[]) RETURNS void LANGUAGE sql AS $fn$
    INSERT INTO room_versions AS v (room_id, company_id, version)
    SELECT r.room_id, r.company_id, nextval('room_versions_seq') FROM rooms r
    WHERE r.room_id IN (${ROOMS_OF[level]}) ORDER BY r.room_id
    ON CONFLICT (room_id) DO UPDATE SET version = EXCLUDED.version
  $fn$;`;

/** `plant_id` → `o.plant_id`; `(plant_id IS NULL)` → `(o.plant_id IS NULL)`. */
const column = (alias: string, c: string) => (c.startsWith('(') ? `(${alias}.${c.slice(1)}` : `${alias}.${c}`);

function triggerFunction(s: Source): string {
  const changed = s.watched
    ? `SELECT x.${s.key} FROM old_rows o JOIN new_rows n USING (${s.watched.pk}),
         LATERAL (VALUES (o.${s.key}), (n.${s.key})) x(${s.key})
       WHERE (${s.watched.columns.map((c) => column('o', c)).join(', ')}) IS DISTINCT FROM (${s.watched.columns.map((c) => column('n', c)).join(', ')})`
    : `SELECT ${s.key} FROM old_rows UNION SELECT ${s.key} FROM new_rows`;
  const name = `room_versions_${s.table}`;
  const triggers = s.events.map((e) => {
    const referencing = { INSERT: 'NEW TABLE AS new_rows', UPDATE: 'OLD TABLE AS old_rows NEW TABLE AS new_rows', DELETE: 'OLD TABLE AS old_rows' }[e];
    return `CREATE TRIGGER ${name}_${e.toLowerCase()} AFTER ${e} ON ${s.table}
      REFERENCING ${referencing} FOR EACH STATEMENT EXECUTE FUNCTION ${name}();`;
  });
  return `
    CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        PERFORM room_versions_bump_${s.level}s(ARRAY(SELECT DISTINCT ${s.key} FROM new_rows WHERE ${s.key} IS NOT NULL));
      ELSIF TG_OP = 'DELETE' THEN
        PERFORM room_versions_bump_${s.level}s(ARRAY(SELECT DISTINCT ${s.key} FROM old_rows WHERE ${s.key} IS NOT NULL));
      ELSE
        PERFORM room_versions_bump_${s.level}s(ARRAY(SELECT DISTINCT c.${s.key} FROM (${changed}) c WHERE c.${s.key} IS NOT NULL));
      END IF;
      RETURN NULL;
    END
    $fn$;
    ${triggers.join('\n    ')}`;
}

/** Gives every room a new version (the backfill here; the scale seed after its trigger-less window). */
export const ROOM_VERSIONS_RENEWED = `
  INSERT INTO room_versions (room_id, company_id, version)
  SELECT room_id, company_id, nextval('room_versions_seq') FROM rooms ORDER BY room_id
  ON CONFLICT (room_id) DO UPDATE SET version = EXCLUDED.version`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE SEQUENCE room_versions_seq;
    CREATE TABLE room_versions (
      room_id integer PRIMARY KEY REFERENCES rooms(room_id) ON DELETE CASCADE,
      company_id integer NOT NULL,
      version bigint NOT NULL
    );
    CREATE INDEX room_versions_company_idx ON room_versions (company_id, room_id) INCLUDE (version);
  `.execute(db);
  for (const level of ['room', 'grid', 'box', 'application'] as const) await sql.raw(bumpFunction(level)).execute(db);
  for (const s of SOURCES) await sql.raw(triggerFunction(s)).execute(db);
  await sql.raw(ROOM_VERSIONS_RENEWED).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const s of SOURCES) {
    const drops = s.events.map((e) => `DROP TRIGGER IF EXISTS room_versions_${s.table}_${e.toLowerCase()} ON ${s.table};`).join('\n');
    await sql.raw(`${drops}\nDROP FUNCTION IF EXISTS room_versions_${s.table}();`).execute(db);
  }
  for (const level of ['room', 'grid', 'box', 'application']) await sql.raw(`DROP FUNCTION IF EXISTS room_versions_bump_${level}s(integer[])`).execute(db);
  await sql`DROP TABLE IF EXISTS room_versions; DROP SEQUENCE IF EXISTS room_versions_seq;`.execute(db);
}
