import Dexie, { type EntityTable } from 'dexie';

export interface RoomRow {
  RoomID: number;
  CompanyID: number;
  Name: string;
  Description: string | null;
  CreatedDateTime: string | null;
  UpdatedDateTime: string | null;
  Scanned: number | boolean | null;
  ScannedDateTime: string | null;
  LastScannedBy: number | null;
  WhiteboardImage: string | null;
}

export interface GridRow {
  id: number;
  Name: string;
  CompanyID: number;
  CreatedDateTime: string | null;
  UpdatedDateTime: string | null;
  Description: string | null;
  ImageName: string | null;
  Scanned: number | boolean | null;
  ScannedDateTime: string | null;
  LastScannedBy: number | null;
}

export interface GridBoxRow {
  id: number;
  GridID: number;
  X: number;
  Y: number;
  Color: string | null;
  Status: string | null;
  Content: string | null;
  ImageName: string | null;
  CustomName: string | null;
}

export interface RoomGridRow {
  id: number;
  RoomID: number;
  GridID: number;
}

export interface CreateRoomQueueRow {
  id: string | number;
  name: string;
  description: string;
  companyID: number;
}

export interface FormTemplateRow {
  TemplateID: number;
  TemplateName: string;
  CompanyID: number;
  CreatedAt: string | null;
  FormCategory: string | null;
  PageCSS: string | null;
}

export interface FormFieldRow {
  id: number;
  FieldID: number;
  TemplateID: number;
  FieldName: string;
  FieldType: string;
  FieldOptions: unknown;
  IsRequired: number | boolean;
  IsActive: number | boolean;
  CSSClass?: string | null;
}

export interface OfflineFormResponseRow {
  tempResponseID: number;
  SubmittedBy: number;
  GridBoxID: number | null;
  submittedAt: string;
}

export interface OfflineFieldResponseRow {
  tempFieldResponseID: number;
  tempResponseID: number;
  FieldID: number;
  InputData: unknown;
}

export interface ProblemColorMappingRow {
  id: number | string;
  CompanyID: number;
  Problem: string;
  Color: string;
  Abbreviation: string | null;
}

/**
 * Version 2 (cold offline): one stored answer per read the screens make (keyed by the read's query key),
 * the images they show, and how far the background fill has got. Every row carries its company so a
 * sign-out (or another company signing in) wipes them.
 */
export interface CachedAnswerRow {
  /** The read's query key as JSON, e.g. '["batches",7,"list"]'. */
  key: string;
  companyId: number;
  value: unknown;
  savedAt: number;
}

export interface CachedImageRow {
  /** The image's storage key or URL as the answers name it. */
  key: string;
  companyId: number;
  blob: Blob;
  savedAt: number;
}

export type ReadinessState = 'running' | 'ready' | 'incomplete';

export interface OfflineReadinessRow {
  companyId: number;
  userId: number;
  state: ReadinessState;
  /** Steps of the current (or last) fill: done of total. */
  done: number;
  total: number;
  /** Names of the steps already stored by the current fill, so an interrupted fill resumes. */
  doneSteps: string[];
  startedAt: number;
  /** When a fill last stored everything; null until the first complete fill. */
  readyAt: number | null;
  /** Steps that failed in the last fill (they are tried again next time). */
  failedSteps: string[];
}

/**
 * `reopened`: Keep mine over a colleague's close reopened the problem before sending the user's action;
 * `matched`: refused as changed, but the server already holds what the user wanted (nothing was sent to apply).
 */
export type OutboxHistoryKind = 'sent' | 'changed' | 'refused' | 'conflict' | 'keptMine' | 'keptTheirs' | 'discarded' | 'restored' | 'reopened' | 'matched';

/**
 * Version 3 (issue 25): the outbox's history on this device — one row per thing that happened to a queued
 * change (sent, changed or refused by the server, a conflict and the user's choice, discarded, restored).
 * Written by offline/outbox-history.ts, pruned after 30 days; like the queues it survives a sign-out.
 */
export interface OutboxHistoryRow {
  id: number;
  userId: number;
  companyId: number | null;
  /** Epoch ms of the event. */
  at: number;
  kind: OutboxHistoryKind;
  source: 'action' | 'form';
  /** The change's Idempotency-Key: every entry of one change shares it. */
  key: string;
  endpoint: string | null;
  label: string;
  /** HTTP status of a refusal or conflict. */
  status: number | null;
  /** The server's message (its answer, or its reason for a refusal). */
  message: string | null;
  /** The user's value and the server's, when the change set one (a name, a status). */
  mine: string | null;
  theirs: string | null;
  /** Who chose (discard, keep mine, keep theirs): the signed-in user's name. */
  by: string | null;
  /**
   * A discarded (or kept-theirs) field action as it was queued, so it can be restored with the same key; for a
   * discarded form submission `{ tempResponseID }`, the row kept (with its photos) for a day.
   */
  action: Record<string, unknown> | null;
  restoredAt: number | null;
}

export const OFFLINE_DB_NAME = 'verdant';

/** The local offline database: version 1 is exactly the spec's ten tables (spec-1 §3); version 2 adds the cold-offline copies, version 3 the outbox's history. */
export class OfflineDatabase extends Dexie {
  rooms!: EntityTable<RoomRow, 'RoomID'>;
  grids!: EntityTable<GridRow, 'id'>;
  grid_boxes!: EntityTable<GridBoxRow, 'id'>;
  room_grid!: EntityTable<RoomGridRow, 'id'>;
  createRoomQueue!: EntityTable<CreateRoomQueueRow, 'id'>;
  formTemplates!: EntityTable<FormTemplateRow, 'TemplateID'>;
  formFields!: EntityTable<FormFieldRow, 'id'>;
  offlineFormResponses!: EntityTable<OfflineFormResponseRow, 'tempResponseID'>;
  offlineFieldResponses!: EntityTable<OfflineFieldResponseRow, 'tempFieldResponseID'>;
  problemColorMapping!: EntityTable<ProblemColorMappingRow, 'id'>;
  cachedAnswers!: EntityTable<CachedAnswerRow, 'key'>;
  cachedImages!: EntityTable<CachedImageRow, 'key'>;
  offlineReadiness!: EntityTable<OfflineReadinessRow, 'companyId'>;
  outboxHistory!: EntityTable<OutboxHistoryRow, 'id'>;

  constructor(name = OFFLINE_DB_NAME) {
    super(name);
    this.version(1).stores({
      rooms: '++RoomID, CompanyID, Name',
      grids: '++id, CompanyID, Name',
      grid_boxes: '++id, GridID',
      room_grid: 'id, [RoomID+GridID], RoomID, GridID',
      createRoomQueue: 'id, companyID',
      formTemplates: '++TemplateID, CompanyID, TemplateName',
      formFields: '++id, FieldID, TemplateID',
      offlineFormResponses: '++tempResponseID, GridBoxID, SubmittedBy',
      offlineFieldResponses: '++tempFieldResponseID, tempResponseID, FieldID',
      problemColorMapping: 'id, [CompanyID+Problem], CompanyID',
    });
    // Version 2 only adds tables: the ten version-1 tables keep their schema and their rows.
    this.version(2).stores({
      cachedAnswers: 'key, companyId',
      cachedImages: 'key, companyId',
      offlineReadiness: 'companyId',
    });
    // Version 3 only adds the outbox's history (issue 25).
    this.version(3).stores({ outboxHistory: '++id, userId, at, key' });
  }
}

export const db = new OfflineDatabase();

/** Opens the database; a failure (private mode, quota, old browser) is only logged (spec-1 §8). */
export async function openOfflineDb(database: OfflineDatabase = db): Promise<boolean> {
  try {
    await database.open();
    return true;
  } catch (err) {
    console.error('Failed to open the local database', err);
    return false;
  }
}
