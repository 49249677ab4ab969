import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.js';
import { deferUntilCommit } from '../db/write-receipts.js';

export interface AuditEvent {
  companyId: number | null;
  userId: number | null;
  action: string;
  entityType: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
}

/**
 * Writes one audit event. Pass the transaction of the change so both commit or neither does. Nobody reads
 * its answer, so in a keyed write's transaction it goes with the COMMIT (db/write-receipts.ts).
 */
export async function writeAudit(db: Kysely<DB> | Transaction<DB>, event: AuditEvent): Promise<void> {
  const insert = db
    .insertInto('audit_events')
    .values({
      company_id: event.companyId,
      user_id: event.userId,
      action: event.action,
      entity_type: event.entityType,
      entity_id: event.entityId == null ? null : String(event.entityId),
      before: event.before === undefined ? null : JSON.stringify(event.before),
      after: event.after === undefined ? null : JSON.stringify(event.after),
    })
    .compile();
  await db.executeQuery(deferUntilCommit(insert));
}

/** Writes one audit event per record of a change of many (a bulk change), in statements of 1,000 rows. Pass the change's transaction. */
export async function writeAudits(db: Kysely<DB> | Transaction<DB>, events: AuditEvent[]): Promise<void> {
  for (let i = 0; i < events.length; i += 1000) {
    await db
      .insertInto('audit_events')
      .values(events.slice(i, i + 1000).map((event) => ({
        company_id: event.companyId,
        user_id: event.userId,
        action: event.action,
        entity_type: event.entityType,
        entity_id: event.entityId == null ? null : String(event.entityId),
        before: event.before === undefined ? null : JSON.stringify(event.before),
        after: event.after === undefined ? null : JSON.stringify(event.after),
      })))
      .execute();
  }
}
