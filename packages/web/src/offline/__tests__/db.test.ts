import { describe, expect, it, vi } from 'vitest';
import { OfflineDatabase, openOfflineDb } from '../db';

describe('offline database', () => {
  it('keeps exactly the spec tables and keys of version 1, and adds the cold-offline tables as version 2 and the outbox history as version 3', async () => {
    const db = new OfflineDatabase('verdant-test');
    await db.open();
    expect(db.verno).toBe(3);
    const tables = Object.fromEntries(db.tables.map((t) => [t.name, t.schema.primKey.src]));
    expect(tables).toEqual({
      cachedAnswers: 'key',
      cachedImages: 'key',
      offlineReadiness: 'companyId',
      outboxHistory: '++id',
      rooms: '++RoomID',
      grids: '++id',
      grid_boxes: '++id',
      room_grid: 'id',
      createRoomQueue: 'id',
      formTemplates: '++TemplateID',
      formFields: '++id',
      offlineFormResponses: '++tempResponseID',
      offlineFieldResponses: '++tempFieldResponseID',
      problemColorMapping: 'id',
    });
    expect(db.room_grid.schema.indexes.map((i) => i.name)).toContain('[RoomID+GridID]');
    expect(db.problemColorMapping.schema.indexes.map((i) => i.name)).toContain('[CompanyID+Problem]');
    db.close();
  });

  it('only logs when the database cannot be opened', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken = new OfflineDatabase('verdant-broken');
    vi.spyOn(broken, 'open').mockRejectedValue(new Error('quota'));
    await expect(openOfflineDb(broken)).resolves.toBe(false);
    expect(error).toHaveBeenCalledWith('Failed to open the local database', expect.any(Error));
  });
});
