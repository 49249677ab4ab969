import { ADMIN_ROLES, AUDIT_NOTE_ACTION, type AuditEvent } from '@verdant/contract';
import type { Caller } from '../../plugins/auth.js';
import type { AuditRow } from './audit.repository.js';
import { iso } from '../../lib/iso.js';

/** What a note keeps in `after`; AuthorID is who wrote it (UserID may name a colleague). */
export interface NoteBody {
  EventTitle: string;
  RoomID: number | null;
  BatchID: number | null;
  response_id: number | null;
  AuthorID: number;
}

const PAST: Record<string, string> = {
  add: 'added', create: 'created', delete: 'deleted', update: 'updated', edit: 'edited', harvest: 'harvested',
  resolve: 'resolved', move: 'moved', reset: 'reset', set: 'set', link: 'linked', submit: 'submitted',
  upload: 'uploaded', rename: 'renamed', remove: 'removed',
};

const sentence = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** 'batch.harvest' → 'Batch harvested', 'grid.create_from_template' → 'Grid created from template'. */
export function titleFor(action: string, entityType: string): string {
  const dot = action.indexOf('.');
  const subject = (dot > 0 ? action.slice(0, dot) : entityType).replace(/_/g, ' ');
  const words = (dot > 0 ? action.slice(dot + 1) : action).split('_').filter(Boolean);
  const past = words[0] ? PAST[words[0]] : undefined;
  if (past) words[0] = past;
  return sentence([subject, ...words].join(' ').trim());
}

export const isNote = (row: { action: string }) => row.action === AUDIT_NOTE_ACTION;

const asObject = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

const idOrNull = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) ? v : null);

/** A note's body as stored in `after` (written by this module only); fields read one by one, never asserted. */
export function noteBodyOf(row: { after: unknown; user_id: number | null }): NoteBody {
  const after = asObject(row.after);
  return {
    EventTitle: typeof after.EventTitle === 'string' ? after.EventTitle : '',
    RoomID: idOrNull(after.RoomID),
    BatchID: idOrNull(after.BatchID),
    response_id: idOrNull(after.response_id),
    AuthorID: idOrNull(after.AuthorID) ?? row.user_id ?? 0,
  };
}

const numberIn = (objs: Record<string, unknown>[], keys: string[]): number | null => {
  for (const o of objs) {
    for (const k of keys) {
      const n = Number(o[k]);
      if (o[k] != null && Number.isInteger(n) && n > 0) return n;
    }
  }
  return null;
};

export const authorOf = (row: { user_id: number | null; after: unknown }) => {
  const id = Number(asObject(row.after).AuthorID);
  return Number.isInteger(id) && id > 0 ? id : row.user_id;
};

export const canChange = (caller: Caller, row: { action: string; user_id: number | null; after: unknown }) =>
  isNote(row) && (authorOf(row) === caller.user_id || ADMIN_ROLES.includes(caller.user_role));

export function toAuditEvent(row: AuditRow, caller: Caller): AuditEvent {
  const after = asObject(row.after);
  const before = asObject(row.before);
  const entityId = row.entity_id == null ? null : Number(row.entity_id);
  const own = (type: string) => (row.entity_type === type && entityId && Number.isInteger(entityId) ? entityId : null);
  const note = isNote(row);
  return {
    id: Number(row.id),
    CompanyID: row.company_id,
    UserID: row.user_id,
    UserName: [row.first_name, row.last_name].filter(Boolean).join(' ') || null,
    EventTitle: note && typeof after.EventTitle === 'string' ? after.EventTitle : titleFor(row.action, row.entity_type),
    Action: row.action,
    EntityType: row.entity_type,
    EntityID: row.entity_id,
    RoomID: own('room') ?? numberIn([after, before], ['RoomID', 'room_id', 'roomId']),
    BatchID: own('batch') ?? numberIn([after, before], ['BatchID', 'batch_id', 'batchId']),
    response_id: numberIn([after, before], ['response_id', 'ResponseID', 'responseId']),
    before: row.before ?? null,
    after: row.after ?? null,
    CreatedAt: iso(row.created_at),
    editable: canChange(caller, row),
  };
}
