import type { ColumnType } from 'kysely';

/** Read as a Date; written as a Date or an ISO string (a default when absent). */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A json/jsonb column: read parsed, written as JSON text. */
export type Json<T> = ColumnType<T, string, string>;
