/** The outbox's conflicts settled with Keep mine over a closed problem, and discarded form submissions restored (issue 25). */
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { canKeepMine, keepMineKeys, queueAction } from '../../api/action-queue';
import { canRestore, RESTORE_WINDOW_MS } from '../outbox-history';
import { server } from '../../testing/msw-server';
import type { FormSubmission, QueuedForm } from '../../api/form-responses';
import { FormNotRestorable } from '../form-queue-schedule';
import { fakeFormServer } from './fake-form-server';
import { actions, advance, clock, forms, history, meta, offline, queue, setOnline, setUpOutboxTests } from './outbox-harness';

setUpOutboxTests('keep-mine');

type Status = 'open' | 'resolved' | 'dismissed' | 'suspected';
const STATUS_AFTER = { resolve: 'resolved', dismiss: 'dismissed', reopen: 'open' } as const;

/**
 * /manage_problem as the server answers it for one observation a colleague may close or reopen: resolve or
 * dismiss an open one, reopen a closed one (never a suspected one), else 409 with its status in
 * Verdant-Current-Value. A key's answer is kept (a repeat applies nothing); a 409 keeps nothing. Every applied
 * action is recorded in order, as the server's audit would list it.
 */
function problemServer(initial: Status) {
  const state = {
    status: initial as Status,
    applied: [] as Array<{ key: string | null; action: string }>,
    seen: [] as Array<{ key: string | null; action: string }>,
    /** Applied, and the answer lost on the way back, for this key (once). */
    loseAnswerOf: null as string | null,
    /** What a colleague does just before a request is handled. */
    before: null as ((action: string) => void) | null,
  };
  const answered = new Map<string, Record<string, unknown>>();
  server.use(
    http.post('*/api/manage_problem', async ({ request }) => {
      const body = (await request.json()) as { problemID: number; action: 'resolve' | 'dismiss' | 'reopen'; userID: number };
      const key = request.headers.get('idempotency-key');
      state.seen.push({ key, action: body.action });
      state.before?.(body.action);
      if (key && answered.has(key)) return HttpResponse.json(answered.get(key)!);
      const refuse = body.action === 'reopen' ? state.status === 'open' || state.status === 'suspected' : state.status !== 'open';
      if (refuse) {
        const message = body.action === 'reopen' && state.status === 'open' ? 'This problem is already open.' : 'This problem is not open, so it cannot be resolved or dismissed.';
        return HttpResponse.json({ status: 'error', message, error: 'conflict' }, { status: 409, headers: { 'Verdant-Current-Value': state.status } });
      }
      state.status = STATUS_AFTER[body.action];
      state.applied.push({ key, action: body.action });
      const answer = {
        status: 'success',
        message: `Problem ${state.status}.`,
        action: body.action,
        problem: {
          ProblemID: body.problemID, Problem: 'Thrips', PlantProblemID: null, Severity: 2, RoomID: 1, GridID: 2, GridBoxID: 5, Sub_gridboxID: null, BatchID: null,
          ResponseID: null, Source: 'scout', Notes: null, ObservedAt: '2026-03-01T08:00:00.000Z', ObservedBy: 7, ObservedByName: 'Ana Scout', Status: state.status,
          StatusChangedAt: '2026-03-02T08:00:00.000Z', StatusChangedBy: 7,
        },
      };
      if (key) answered.set(key, answer);
      if (key && key === state.loseAnswerOf) {
        state.loseAnswerOf = null;
        return HttpResponse.error();
      }
      return HttpResponse.json(answer);
    }),
  );
  return state;
}

const act = (action: 'resolve' | 'dismiss' | 'reopen') => queueAction('manageProblem', { problemID: 9, action, userID: 7 }, { ...meta, label: 'Thrips', target: { type: 'problem', id: 9 } }, queue);

describe('keep mine over a problem someone else closed', () => {
  /** Queued offline, a colleague changes the problem to `theirs`, then the phone sends: the action's row. */
  async function queuedThenClosed(mine: 'resolve' | 'dismiss' | 'reopen', initial: Status, theirs: Status) {
    const problem = problemServer(initial);
    setOnline(false);
    await act(mine);
    problem.status = theirs; // a colleague, online, meanwhile
    setOnline(true);
    await queue.flush({ userId: 7 });
    const [item] = await queue.list();
    return { problem, item: item! };
  }

  it('a resolve of a problem a colleague dismissed: conflict; keep mine reopens it, then resolves, each with its own key derived from the action’s', async () => {
    const { problem, item } = await queuedThenClosed('resolve', 'open', 'dismissed');
    expect(item).toMatchObject({ state: 'refused', conflict: true, status: 409, theirs: 'dismissed' });
    expect(canKeepMine(item)).toBe(true);
    expect(problem.applied).toEqual([]);

    await queue.keepMine(item.seq, 'Ana Scout', { userId: 7 });
    const keys = keepMineKeys(item.idempotencyKey, 1);
    expect(problem.applied).toEqual([
      { key: keys.reopen, action: 'reopen' },
      { key: keys.mine, action: 'resolve' },
    ]);
    expect(problem.status).toBe('resolved');
    expect((await queue.list()).map((a) => a.state)).toEqual(['sent']);
    const entries = await history.ofKey(item.idempotencyKey);
    expect(entries.map((e) => [e.kind, e.mine, e.theirs, e.by])).toEqual([
      ['conflict', 'resolved', 'dismissed', null],
      ['keptMine', 'resolved', 'dismissed', 'Ana Scout'],
      ['reopened', 'open', null, null],
      ['sent', 'resolved', null, null],
    ]);
  });

  it('a retry after a lost answer replays the same keys: reopened and dismissed once each', async () => {
    const { problem, item } = await queuedThenClosed('dismiss', 'open', 'resolved');
    const keys = keepMineKeys(item.idempotencyKey, 1);
    problem.loseAnswerOf = keys.reopen;
    const first = await queue.keepMine(item.seq, 'Ana Scout', { userId: 7 });
    expect(first.sent).toEqual([]);
    expect(problem.status).toBe('open');
    advance(60_000);
    await queue.flush({ userId: 7, force: true });
    expect(problem.seen.map((r) => r.key)).toEqual([item.idempotencyKey, keys.reopen, keys.reopen, keys.mine]);
    expect(problem.applied).toEqual([
      { key: keys.reopen, action: 'reopen' },
      { key: keys.mine, action: 'dismiss' },
    ]);
    expect(problem.status).toBe('dismissed');
    expect((await history.ofKey(item.idempotencyKey)).map((e) => e.kind)).toEqual(['conflict', 'keptMine', 'reopened', 'sent']);
  });

  it('closed again before the user’s action arrives: a new conflict, and a second keep mine uses fresh keys', async () => {
    const { problem, item } = await queuedThenClosed('resolve', 'open', 'dismissed');
    // Right after the reopen, a colleague dismisses it again (once).
    problem.before = (action) => {
      if (action === 'resolve' && problem.applied.length === 1) problem.status = 'dismissed';
    };
    await queue.keepMine(item.seq, 'Ana Scout', { userId: 7 });
    const [again] = await queue.list();
    expect(again).toMatchObject({ state: 'refused', conflict: true, theirs: 'dismissed', keepRound: 1 });
    await queue.keepMine(again!.seq, 'Ana Scout', { userId: 7 });
    const one = keepMineKeys(item.idempotencyKey, 1);
    const two = keepMineKeys(item.idempotencyKey, 2);
    expect(problem.applied).toEqual([
      { key: one.reopen, action: 'reopen' },
      { key: two.reopen, action: 'reopen' },
      { key: two.mine, action: 'resolve' },
    ]);
    expect(problem.status).toBe('resolved');
  });

  it('found open again when keep mine runs (someone reopened it): no reopen sent, only the user’s action', async () => {
    const { problem, item } = await queuedThenClosed('dismiss', 'open', 'resolved');
    problem.status = 'open';
    await queue.keepMine(item.seq, 'Ana Scout', { userId: 7 });
    expect(problem.applied).toEqual([{ key: keepMineKeys(item.idempotencyKey, 1).mine, action: 'dismiss' }]);
    expect((await history.ofKey(item.idempotencyKey)).map((e) => e.kind)).toEqual(['conflict', 'keptMine', 'sent']);
  });

  it('mine equal to theirs (resolved by both, or reopened when already open) is no conflict: done, nothing applied', async () => {
    for (const [mine, initial, theirs] of [
      ['resolve', 'open', 'resolved'],
      ['dismiss', 'open', 'dismissed'],
      ['reopen', 'resolved', 'open'],
    ] as const) {
      server.resetHandlers();
      await actions.actions.clear();
      const { problem, item } = await queuedThenClosed(mine, initial, theirs);
      expect(item).toMatchObject({ state: 'sent', conflict: false });
      expect(problem.applied).toEqual([]);
      const entries = await history.ofKey(item.idempotencyKey);
      expect(entries.map((e) => [e.kind, e.mine, e.theirs])).toEqual([['matched', theirs, theirs]]);
    }
  });

  it('online, an action the server already holds answers as done (no refusal for the screen to show)', async () => {
    const problem = problemServer('resolved');
    const out = await act('resolve');
    expect(out).toMatchObject({ queued: false, result: null });
    expect(problem.applied).toEqual([]);
  });

  it('a reopen of a problem someone closed the other way applies (the user wants it open); a suspected one offers keep theirs only', async () => {
    const { problem } = await queuedThenClosed('reopen', 'resolved', 'dismissed');
    expect(problem.applied.map((a) => a.action)).toEqual(['reopen']);
    server.resetHandlers();
    await actions.actions.clear();
    const suspected = await queuedThenClosed('resolve', 'open', 'suspected');
    expect(suspected.item).toMatchObject({ state: 'refused', conflict: true, theirs: 'suspected' });
    expect(canKeepMine(suspected.item)).toBe(false);
    await expect(queue.keepMine(suspected.item.seq, 'Ana Scout')).rejects.toThrow(/no conflict/);
  });
});

describe('restoring a discarded form submission', () => {
  const walk = (marker: string): FormSubmission => ({
    kind: 'box',
    GridBoxID: 11,
    submittedBy: 7,
    templateID: 1,
    label: 'Scouting · A1',
    fieldResponses: [{ fieldID: 5, inputData: marker }],
    photos: [{ fieldID: 9, file: new Blob(['leaf-jpeg'], { type: 'image/jpeg' }), name: 'leaf.jpg' }],
  });
  const stored = async () => ({ forms: (await offline.offlineFormResponses.toArray()) as QueuedForm[], fields: await offline.offlineFieldResponses.toArray() });

  it('keeps its answers and photo for a day; restore puts it back at the end of the queue with the same key, once', async () => {
    const api = fakeFormServer();
    setOnline(false);
    await forms.submitFormResponse(walk('discarded walk'));
    await forms.submitFormResponse(walk('later walk'));
    const [item] = (await forms.list(7)).map((e) => e.item);
    await forms.discard(item!.tempResponseID, 'Ana Scout');
    expect((await forms.list(7)).map((e) => e.item.idempotencyKey)).not.toContain(item!.idempotencyKey);
    // Out of the queue, but its answer and photo wait on the device.
    const kept = await stored();
    expect(kept.forms.find((f) => f.idempotencyKey === item!.idempotencyKey)).toMatchObject({ discardedAt: clock });
    expect(kept.fields.filter((f) => f.tempResponseID === item!.tempResponseID)).toHaveLength(2);
    const [discarded] = await history.list({ userId: 7 });
    expect(discarded).toMatchObject({ kind: 'discarded', source: 'form', by: 'Ana Scout', action: { tempResponseID: item!.tempResponseID } });
    expect(canRestore(discarded!, clock)).toBe(true);

    advance(RESTORE_WINDOW_MS - 60_000);
    const back = await forms.restore(discarded!.id, 'Ana Scout');
    expect(back).toMatchObject({ idempotencyKey: item!.idempotencyKey, state: 'pending', label: 'Scouting · A1' });
    await expect(forms.restore(discarded!.id)).rejects.toBeInstanceOf(FormNotRestorable);
    const queued = await forms.list(7);
    // Back at the end of the queue (after the later walk), with its answer and photo.
    expect(queued.map((e) => [e.item.idempotencyKey, e.answers, e.photos])).toEqual([
      [expect.any(String), 1, 1],
      [item!.idempotencyKey, 1, 1],
    ]);
    setOnline(true);
    await forms.flush({ userId: 7 });
    expect(api.responses.map((r) => r.marker)).toEqual(['later walk', 'discarded walk']);
    expect(api.photos).toHaveLength(2);
    expect(api.requests.filter((r) => r.key === item!.idempotencyKey)).toHaveLength(1);
    expect((await history.ofKey(item!.idempotencyKey)).map((e) => [e.kind, e.by])).toEqual([
      ['discarded', 'Ana Scout'],
      ['restored', 'Ana Scout'],
      ['sent', null],
    ]);
    expect(await stored()).toEqual({ forms: [], fields: [] });
  });

  it('a submission whose answer was lost, discarded and restored, is applied once (its key replays)', async () => {
    const api = fakeFormServer();
    api.next = ['lose-answer'];
    const first = await forms.submitFormResponse({ ...walk('lost answer'), photos: [] });
    expect(first.queued).toBe(true);
    const [item] = (await forms.list(7)).map((e) => e.item);
    await forms.discard(item!.tempResponseID, 'Ana Scout');
    const [discarded] = await history.list({ userId: 7 });
    await forms.restore(discarded!.id, 'Ana Scout');
    await forms.flush({ userId: 7 });
    expect(api.responses.map((r) => r.marker)).toEqual(['lost answer']);
    expect(api.requests.map((r) => r.key)).toEqual([item!.idempotencyKey, item!.idempotencyKey]);
  });

  it('after a day it cannot be restored, and the prune deletes its answers and photo', async () => {
    fakeFormServer();
    setOnline(false);
    await forms.submitFormResponse(walk('old walk'));
    const [item] = (await forms.list(7)).map((e) => e.item);
    await forms.discard(item!.tempResponseID, null);
    const [discarded] = await history.list({ userId: 7 });
    advance(RESTORE_WINDOW_MS - 60_000);
    // A prune within the day keeps them.
    await history.record({ userId: 7, kind: 'sent', source: 'action', key: 'k0', label: 'a change' });
    expect((await stored()).fields).toHaveLength(2);
    advance(61 * 60_000);
    await expect(forms.restore(discarded!.id)).rejects.toBeInstanceOf(FormNotRestorable);
    // The prune that already runs on a history write (at most hourly) deletes the kept blobs.
    await history.record({ userId: 7, kind: 'sent', source: 'action', key: 'k', label: 'another change' });
    expect(await stored()).toEqual({ forms: [], fields: [] });
    expect(await history.list({ userId: 7 })).toHaveLength(3);
  });
});

