import { describe, expect, it } from 'vitest';
import { render, waitFor } from '@testing-library/react';
import { AppProvider } from '../provider';
import { db } from '../../offline/db';
import { endSession } from '../../lib/session';
import { signInAs } from '../../testing/session';

describe('signing out on a shared phone', () => {
  it("removes the company's offline copies, keeping only the queues", async () => {
    await Promise.all(db.tables.map((t) => t.clear()));
    signInAs({ companyId: 3, userId: 7 });
    await db.cachedAnswers.put({ key: '["batches",3,"list"]', companyId: 3, value: [], savedAt: 1 });
    await db.rooms.put({ RoomID: 11, CompanyID: 3, Name: 'Bay 1', Description: null, CreatedDateTime: null, UpdatedDateTime: null, Scanned: 0, ScannedDateTime: null, LastScannedBy: null, WhiteboardImage: null });
    await db.offlineReadiness.put({ companyId: 3, userId: 7, state: 'ready', done: 1, total: 1, doneSteps: [], startedAt: 1, readyAt: 2, failedSteps: [] });
    await db.createRoomQueue.add({ id: 'q1', name: 'Bay 9', description: '', companyID: 3 });
    render(<AppProvider><p>app</p></AppProvider>);

    endSession();

    await waitFor(async () => expect(await db.cachedAnswers.count()).toBe(0));
    expect(await db.rooms.count()).toBe(0);
    expect(await db.offlineReadiness.count()).toBe(0);
    expect(await db.createRoomQueue.count()).toBe(1);
  });
});
