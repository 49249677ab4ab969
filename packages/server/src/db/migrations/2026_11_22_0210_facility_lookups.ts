import { sql, type Kysely } from 'kysely';

/**
 * - Deleting a grid or room cascades to its boxes and their sub-boxes; a plant movement that named one
 *   of those sub-boxes must keep the movement (history) and forget the sub-box, as it already does for
 *   boxes and rooms, instead of blocking the delete.
 * - get_plant_history_date reads a box's audit events and the moves into or out of it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE plant_movements
      DROP CONSTRAINT plant_movements_from_sub_gridbox_id_fkey,
      DROP CONSTRAINT plant_movements_to_sub_gridbox_id_fkey,
      ADD CONSTRAINT plant_movements_from_sub_gridbox_id_fkey FOREIGN KEY (from_sub_gridbox_id)
        REFERENCES sub_gridboxes(sub_gridbox_id) ON DELETE SET NULL,
      ADD CONSTRAINT plant_movements_to_sub_gridbox_id_fkey FOREIGN KEY (to_sub_gridbox_id)
        REFERENCES sub_gridboxes(sub_gridbox_id) ON DELETE SET NULL;
    CREATE INDEX audit_events_entity_idx ON audit_events (company_id, entity_type, entity_id);
    CREATE INDEX plant_movements_from_gridbox_idx ON plant_movements (from_gridbox_id) WHERE from_gridbox_id IS NOT NULL;
    CREATE INDEX plant_movements_to_gridbox_idx ON plant_movements (to_gridbox_id) WHERE to_gridbox_id IS NOT NULL;
    CREATE INDEX scan_marks_round_idx ON scan_marks (round_id);
  `.execute(db);
}
