import { sql, type RawBuilder } from 'kysely';

/** A timestamptz as ISO-8601 UTC ('…Z'), the same text `Date.toISOString()` gives, made in the database. */
export const isoUtc = (column: string) =>
  sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** The spec's field names of a room, grid and box, as column aliases: `row_to_json` writes the wire shape. */
export const roomColumns = sql`ro.room_id AS "RoomID", ro.company_id AS "CompanyID", ro.name AS "Name", ro.description AS "Description",
  ${isoUtc('ro.created_at')} AS "CreatedDateTime", ${isoUtc('ro.updated_at')} AS "UpdatedDateTime",
  ro.scanned AS "Scanned", ${isoUtc('ro.scanned_at')} AS "ScannedDateTime", ro.last_scanned_by AS "LastScannedBy",
  ro.whiteboard_image AS "WhiteboardImage", ro.start_scroll AS "StartScroll"`;
export const gridColumns = sql`gr.grid_id AS id, gr.name AS "Name", gr.company_id AS "CompanyID", gr.description AS "Description",
  gr.image_name AS "ImageName", gr.scanned AS "Scanned", ${isoUtc('gr.scanned_at')} AS "ScannedDateTime",
  gr.last_scanned_by AS "LastScannedBy", ${isoUtc('gr.created_at')} AS "CreatedDateTime",
  ${isoUtc('gr.updated_at')} AS "UpdatedDateTime", gr.nx, gr.ny`;
/** Needs `boxCounts` after its FROM grid_boxes bx … WHERE: the counts are aggregates over the box's sub-boxes. */
export const boxColumns = sql`bx.grid_box_id AS id, bx.grid_id AS "GridID", bx.x AS "X", bx.y AS "Y", bx.color AS "Color",
  bx.status AS "Status", bx.content AS "Content", bx.image_name AS "ImageName",
  bx.custom_name AS "CustomName", bx.culled,
  count(s.sub_gridbox_id)::int AS "SubGridboxCount", count(s.plant_id)::int AS "PlantCount"`;

/**
 * The live sub-boxes of each box (plants live in sub-boxes), joined once for a whole page of boxes and
 * grouped by box: one join, not a count per box. The join goes through sub_gridboxes_position_key
 * (parent_gridbox_id … WHERE deleted_at IS NULL). Split around the caller's WHERE: `join` after
 * `FROM grid_boxes bx`, `group` after the WHERE.
 */
export const boxCounts = {
  join: sql`LEFT JOIN sub_gridboxes s ON s.parent_gridbox_id = bx.grid_box_id AND s.deleted_at IS NULL AND s.company_id = bx.company_id`,
  group: sql`GROUP BY bx.grid_box_id`,
};

/**
 * The whole answer of load_room_grids_boxes as ONE json value in one statement: rooms → grids
 * (through room_grid) → boxes in (X, Y) order. The endpoint no longer sends this (it streams the same
 * content page by page, room-tree.stream.ts); it stays as the reference the stream is checked against
 * and as the benchmark's bare baseline. `roomId` null means every room of the company.
 */
export function roomTreeJson(companyId: number, roomId: number | null): RawBuilder<unknown> {
  return sql`(
    SELECT coalesce(json_agg(r ORDER BY r."RoomID"), '[]'::json)
    FROM (
      SELECT ${roomColumns},
        (
          SELECT coalesce(json_agg(g ORDER BY g.id), '[]'::json)
          FROM (
            SELECT ${gridColumns},
              (
                SELECT coalesce(json_agg(b), '[]'::json)
                FROM (
                  SELECT ${boxColumns} FROM grid_boxes bx ${boxCounts.join}
                  WHERE bx.grid_id = gr.grid_id ${boxCounts.group} ORDER BY bx.x, bx.y
                ) b
              ) AS grid_boxes
            FROM room_grid rg JOIN grids gr ON gr.grid_id = rg.grid_id
            WHERE rg.room_id = ro.room_id AND gr.company_id = ro.company_id
          ) g
        ) AS grids
      FROM rooms ro
      WHERE ro.company_id = ${companyId} ${roomId === null ? sql`` : sql`AND ro.room_id = ${roomId}`}
    ) r
  )`;
}
