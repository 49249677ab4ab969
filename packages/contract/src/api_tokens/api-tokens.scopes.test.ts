import { describe, expect, it } from 'vitest';
import { endpoints } from '../index.js';
import { BULK_KINDS } from '../bulk/bulk.endpoints.js';
import { SCOUTING_BULK_KINDS, SCOUTING_WRITES, SESSION_ONLY, apiTokenAllows, apiTokenMayUndo, apiTokenScopesFor } from './api-tokens.scopes.js';

const byId = new Map<string, { method: string }>(Object.values(endpoints).map((e) => [e.id, e]));

describe('API token scopes', () => {
  it('lists only writes that exist as scouting calls', () => {
    for (const id of SCOUTING_WRITES) {
      expect(byId.get(id), id).toBeDefined();
      expect(byId.get(id)!.method, id).not.toBe('GET');
    }
  });

  it('lists only calls that exist as session-only', () => {
    for (const id of SESSION_ONLY) expect(byId.get(id), id).toBeDefined();
  });

  it('lets read reach GETs only, scouting its writes too, all everything but the session-only calls', () => {
    const get = { id: 'getBatches', method: 'GET' } as const;
    const scout = { id: 'submitForm', method: 'POST' } as const;
    const other = { id: 'createBatch', method: 'POST' } as const;
    expect([get, scout, other].map((e) => apiTokenAllows('read', e))).toEqual([true, false, false]);
    expect([get, scout, other].map((e) => apiTokenAllows('scouting', e))).toEqual([true, true, false]);
    expect([get, scout, other].map((e) => apiTokenAllows('all', e))).toEqual([true, true, true]);
    expect(apiTokenScopesFor({ id: 'getApiTokens', method: 'GET' })).toEqual([]);
    expect(apiTokenScopesFor(scout)).toEqual(['scouting', 'all']);
  });

  it("lets scouting make the bulk changes a scout makes, and undo only those", () => {
    for (const id of ['bulkUpdateObservations', 'bulkUpdateTasks', 'undoBulkChange']) {
      expect(apiTokenAllows('scouting', { id, method: 'POST' }), id).toBe(true);
      expect(apiTokenAllows('read', { id, method: 'POST' }), id).toBe(false);
    }
    expect(apiTokenAllows('scouting', { id: 'bulkUpdateGridBoxes', method: 'POST' })).toBe(false);
    for (const kind of SCOUTING_BULK_KINDS) expect(BULK_KINDS as readonly string[]).toContain(kind);
    expect(BULK_KINDS.map((k) => apiTokenMayUndo('scouting', k))).toEqual(BULK_KINDS.map((k) => k !== 'grid_boxes'));
    expect(BULK_KINDS.every((k) => apiTokenMayUndo('all', k))).toBe(true);
    expect(BULK_KINDS.some((k) => apiTokenMayUndo('read', k))).toBe(false);
  });
});
