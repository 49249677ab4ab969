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
  ${isoUtc('gr.updated_at')} AS "UpdatedDateTime", gr.nx, gr.ny, gr.cell_area_m2`;
export const boxColumns = sql`bx.grid_box_id AS id, bx.grid_id AS "GridID", bx.x AS "X", bx.y AS "Y", bx.color AS "Color",
  bx.status AS "Status", bx.content AS "Content", bx.image_name AS "ImageName",
  bx.custom_name AS "CustomName", bx.culled`;

/**
 * The live sub-boxes of each box of a page (`boxIds`: a SELECT of their grid_box_id) and the plants in
 * them (plants live in sub-boxes), joined to the page's boxes `b` as `c.subs` and `c.plants` (null for a
 * box without sub-boxes): one aggregated subquery over that page only, in the same statement. Measured
 * against one aggregate per box (LATERAL) and a grouped LEFT JOIN, this was the cheapest (docs/decisions.md).
 */
export const boxCounts = (companyId: RawBuilder<unknown> | number, boxIds: RawBuilder<unknown>) => sql`LEFT JOIN (
  SELECT s.parent_gridbox_id AS id, count(*)::int AS subs, count(s.plant_id)::int AS plants FROM sub_gridboxes s
  WHERE s.deleted_at IS NULL AND s.company_id = ${companyId} AND s.parent_gridbox_id IN (${boxIds})
  GROUP BY s.parent_gridbox_id
) c ON c.id = b.id`;

/**
 * The latest end of a re-entry interval still running on each box, as ISO text keyed by box id, in one
 * jsonb object `r.m` cross-joined to a page's boxes `b` (null when no interval runs in the company): one
 * grouped subquery over the company's applications whose re-entry ends after now
 * (treatment_applications_reentry_idx: few rows however long the history), evaluated once per statement,
 * then one lookup per box. Measured (bench/treatment-reentry.bench.ts): restricting it to the page's box
 * ids scanned the page twice, and a grouped LEFT JOIN on the box id was planned as a nested loop (13× with
 * 1,000 treated boxes in a 10,000-box grid). `m` is a scalar subquery (an InitPlan, a parameter of the
 * statement) rather than a joined row: joined, the whole object travelled in every box row into the sort by
 * grid, which spilled 34 MB to disk for a 4,800-box page with 200 treated boxes (issue 19).
 */
export const boxReentry = (companyId: RawBuilder<unknown> | number) => sql`CROSS JOIN (SELECT (
  SELECT jsonb_object_agg(x.id, ${isoUtc('x.until')}) FROM (
    SELECT ab.grid_box_id AS id, max(ta.reentry_until) AS until
    FROM treatment_applications ta JOIN treatment_application_boxes ab ON ab.application_id = ta.application_id
    WHERE ta.company_id = ${companyId} AND ta.reentry_until > now()
    GROUP BY ab.grid_box_id
  ) x
) AS m) r`;

const until = sql`(r.m ->> b.id::text)`;

/**
 * Box `b` as JSON text with its counts from `boxCounts` and its re-entry from `boxReentry`:
 * "SubGridboxCount" and "PlantCount" are added only to a box that has sub-boxes, "NoEntryUntil" only to a
 * box inside a re-entry interval. Most boxes have neither, and the fields would make the answer of an
 * empty 10,000-box grid about a quarter larger; the contract reads an absent count as 0 and an absent
 * "NoEntryUntil" as free to enter.
 */
export const boxJsonText = sql`CASE WHEN c.subs IS NULL AND ${until} IS NULL THEN row_to_json(b)::text
  ELSE left(row_to_json(b)::text, -1)
    || CASE WHEN c.subs IS NULL THEN '' ELSE ',"SubGridboxCount":' || c.subs || ',"PlantCount":' || c.plants END
    || CASE WHEN ${until} IS NULL THEN '' ELSE ',"NoEntryUntil":"' || ${until} || '"' END
    || '}' END`;

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
                SELECT ('[' || coalesce(string_agg(${boxJsonText}, ',' ORDER BY b."X", b."Y"), '') || ']')::json
                FROM (SELECT ${boxColumns} FROM grid_boxes bx WHERE bx.grid_id = gr.grid_id) b
                ${boxCounts(sql`ro.company_id`, sql`SELECT bx.grid_box_id FROM grid_boxes bx WHERE bx.grid_id = gr.grid_id`)}
                ${boxReentry(sql`ro.company_id`)}
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
