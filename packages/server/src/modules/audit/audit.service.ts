import { ADMIN_ROLES, AUDIT_NOTE_ACTION, AUDIT_NOTE_ENTITY, auditMessages as msg, type EndpointInput, type auditEndpoints } from '@verdant/contract';
import type { Caller } from '../../plugins/auth.js';
import { writeAudit } from '../../lib/audit.js';
import { forbidden, notFound } from '../../lib/errors.js';
import * as repo from './audit.repository.js';
import { decodeCursor, encodeCursor } from '../../lib/keyset.js';
import { canChange, isNote, noteBodyOf, toAuditEvent, type NoteBody } from './audit.mapper.js';
import type { Deps, TxDeps } from '../../lib/deps.js';

type Input<K extends keyof typeof auditEndpoints> = EndpointInput<(typeof auditEndpoints)[K]>;

async function answer(deps: Deps, caller: Caller, id: number) {
  const row = await repo.findEvent(deps.db, caller.company_id, id);
  if (!row) throw notFound('Audit event');
  return toAuditEvent(row, caller);
}

/** One page of the trail; the total is counted up to COUNT_CAP and says when it stopped there. */
export async function listEvents(deps: Deps, caller: Caller, input: Input<'getAuditEvents'>) {
  const { limit, offset, cursor, ...filters } = input;
  const after = decodeCursor(cursor);
  // One row more than the page tells whether a next page exists.
  const [read, count] = await Promise.all([
    repo.listEvents(deps.db, caller.company_id, filters, limit + 1, offset, after),
    repo.countEvents(deps.db, caller.company_id, filters),
  ]);
  const rows = read.slice(0, limit);
  const last = read.length > limit ? rows[rows.length - 1] : undefined;
  return {
    status: 'success' as const,
    events: rows.map((r) => toAuditEvent(r, caller)),
    total_count: count.total,
    total_capped: count.capped,
    next_cursor: last ? encodeCursor(last.cursor_at, last.id) : null,
  };
}

/**
 * A note by a person. CompanyID and UserID are checked by the contract's tenancy; the place ids here (404 when
 * not ours). The note is the caller's; only an Admin may put it in a colleague's name (AuthorID keeps the caller).
 */
export async function addNote(
  deps: Deps, caller: Caller,
  input: Input<'addAuditEvent'>,
) {
  const id = await deps.db.transaction().execute(async (trx) => {
    if (input.RoomID && !(await repo.findRoom(trx, caller.company_id, input.RoomID))) throw notFound('Room');
    if (input.BatchID && !(await repo.findBatch(trx, caller.company_id, input.BatchID))) throw notFound('Batch');
    if (input.response_id && !(await repo.findResponse(trx, caller.company_id, input.response_id))) throw notFound('Form response');
    const body: NoteBody = {
      EventTitle: input.EventTitle, RoomID: input.RoomID ?? null, BatchID: input.BatchID ?? null,
      response_id: input.response_id ?? null, AuthorID: caller.user_id,
    };
    const row = await repo.insertNote(trx, {
      company_id: caller.company_id, user_id: ADMIN_ROLES.includes(caller.user_role) ? input.UserID : caller.user_id, action: AUDIT_NOTE_ACTION, entity_type: AUDIT_NOTE_ENTITY, after: body,
    });
    return Number(row.id);
  });
  return { status: 'success' as const, message: msg.added, event: await answer(deps, caller, id) };
}

/** Only notes change, only by their author or an Admin; the change is recorded as a server event. */
async function lockNote({ db: trx }: TxDeps, caller: Caller, id: number) {
  const row = await repo.lockEvent(trx, caller.company_id, id);
  if (!row) throw notFound('Audit event');
  if (!isNote(row)) throw forbidden(msg.systemEvent);
  if (!canChange(caller, row)) throw forbidden(msg.onlyOwn);
  return row;
}

export async function updateNote(deps: Deps, caller: Caller, input: Input<'updateAuditEvent'>) {
  await deps.db.transaction().execute(async (trx) => {
    const row = await lockNote({ db: trx }, caller, input.id);
    const before = noteBodyOf(row);
    await repo.updateNoteAfter(trx, input.id, { ...before, EventTitle: input.EventTitle });
    await writeAudit(trx, {
      companyId: caller.company_id, userId: caller.user_id, action: 'audit_note.edited', entityType: AUDIT_NOTE_ENTITY, entityId: input.id,
      before: { EventTitle: before.EventTitle }, after: { EventTitle: input.EventTitle },
    });
  });
  return { status: 'success' as const, message: msg.updated, event: await answer(deps, caller, input.id) };
}

export async function deleteNote(deps: Deps, caller: Caller, id: number) {
  await deps.db.transaction().execute(async (trx) => {
    const row = await lockNote({ db: trx }, caller, id);
    await repo.deleteEvent(trx, id);
    await writeAudit(trx, {
      companyId: caller.company_id, userId: caller.user_id, action: 'audit_note.deleted', entityType: AUDIT_NOTE_ENTITY, entityId: id,
      before: { ...noteBodyOf(row), UserID: row.user_id },
    });
  });
  return { status: 'success' as const, message: msg.deleted, id };
}
