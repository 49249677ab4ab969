/**
 * Timestamps on the wire are ISO 8601 in UTC. Columns read through Kysely arrive as Date, but values
 * built in SQL as JSON (json_agg, jsonb_build_object) arrive as strings: both are accepted.
 */
export const iso = (d: Date | string): string => (d instanceof Date ? d : new Date(d)).toISOString();

/** For a nullable column: NULL (or a field the row does not have) stays null; any other value is `iso`. */
export const isoOrNull = (d: Date | string | null | undefined): string | null => (d == null ? null : iso(d));
