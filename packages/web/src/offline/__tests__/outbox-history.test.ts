import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ActionNotRestorable, queueAction } from '../../api/action-queue';
import { canRestore, HISTORY_KEPT_MS, RESTORE_WINDOW_MS } from '../outbox-history';
import { server } from '../../testing/msw-server';
import { advance, clock, history, meta, offline, queue, setOnline, setUpOutboxTests } from './outbox-harness';

setUpOutboxTests('history');

/**
 * /update_grid_box_name as the server answers it, over a box whose name a colleague may change: with
 * expected_custom_name differing from the name now, 409 naming it (and the Verdant-Current-Value header).
 * Every applied rename is recorded with its key, to check nothing is applied twice.
 */
function boxServer(initial: string, opts: { loseFirstAnswer?: boolean } = {}) {
  let lose = opts.loseFirstAnswer ?? false;
  const state = { name: initial, applied: [] as Array<{ key: string | null; name: string }>, seen: [] as Array<{ key: string | null; body: Record<string, string> }> };
  const answered = new Map<string, Record<string, unknown>>();
  server.use(
    http.post('*/api/update_grid_box_name', async ({ request }) => {
      const body = Object.fromEntries(new URLSearchParams(await request.text()));
      const key = request.headers.get('idempotency-key');
      state.seen.push({ key, body });
      if (key && answered.has(key)) return HttpResponse.json(answered.get(key)!);
      const name = (body.custom_name ?? '').trim().slice(0, 20);
      if (state.name !== name && body.expected_custom_name !== undefined && body.expected_custom_name !== state.name) {
        return HttpResponse.json(
          { status: 'error', message: `This box was renamed by someone else meanwhile; it is now called "${state.name}".`, error: 'conflict' },
          { status: 409, headers: { 'Verdant-Current-Value': encodeURIComponent(state.name) } },
        );
      }
      state.name = name;
      state.applied.push({ key, name });
      const answer = {
        status: 'success',
        message: 'Grid box renamed.',
        grid_box: { id: 5, GridID: 2, X: 1, Y: 1, Color: null, Status: null, Content: null, ImageName: null, CustomName: name, culled: false },
      };
      if (key) answered.set(key, answer);
      if (lose) {
        // Applied, and the answer lost on the way back (the server keeps it under the key).
        lose = false;
        return HttpResponse.error();
      }
      return HttpResponse.json(answer);
    }),
  );
  return state;
}

const rename = (name: string, seen: string) => queueAction('updateGridBoxName', { GridBoxID: 5, custom_name: name, expected_custom_name: seen }, meta, queue);

describe('outbox history store', () => {
  it('lists a user’s entries newest first, keeps other users and companies apart, and prunes after 30 days', async () => {
    await history.record({ userId: 7, companyId: 3, kind: 'sent', source: 'action', key: 'k1', label: 'first' });
    advance(60_000);
    await history.record({ userId: 7, companyId: 3, kind: 'refused', source: 'action', key: 'k2', label: 'second', status: 400, message: 'custom_name is too long' });
    await history.record({ userId: 8, companyId: 3, kind: 'sent', source: 'action', key: 'k3', label: 'someone else' });
    await history.record({ userId: 7, companyId: 4, kind: 'sent', source: 'action', key: 'k4', label: 'other company' });
    await history.record({ userId: 7, kind: 'sent', source: 'form', key: 'k5', label: 'a form (no company)' });
    const mine = await history.list({ userId: 7, companyId: 3 });
    expect(mine.map((e) => e.label)).toEqual(['a form (no company)', 'second', 'first']);
    expect(mine[1]).toMatchObject({ kind: 'refused', status: 400, message: 'custom_name is too long', by: null, restoredAt: null });

    advance(HISTORY_KEPT_MS - 30_000);
    // 30 days after the first entry (and 29 days 23:59 after the second), only the first has gone from the list …
    expect((await history.list({ userId: 7, companyId: 3 })).map((e) => e.label)).toEqual(['a form (no company)', 'second']);
    advance(60 * 60_000);
    // … and pruning deletes what is older than 30 days from the table itself.
    expect(await history.prune()).toBe(5);
    expect(await offline.outboxHistory.count()).toBe(0);
  });

  it('a discarded action can be restored for a day, once', async () => {
    const e = await history.record({ userId: 7, kind: 'discarded', source: 'action', key: 'k', label: 'x', action: { endpoint: 'addComment' } });
    expect(canRestore(e, clock + RESTORE_WINDOW_MS - 1)).toBe(true);
    expect(canRestore(e, clock + RESTORE_WINDOW_MS)).toBe(false);
    expect(canRestore({ ...e, restoredAt: clock }, clock + 1)).toBe(false);
    expect(canRestore({ ...e, kind: 'refused' }, clock + 1)).toBe(false);
    expect(canRestore({ ...e, action: null }, clock + 1)).toBe(false);
  });
});

describe('outbox history through the action queue', () => {
  it('a rename whose box a colleague renamed meanwhile is a conflict with both names, never an overwrite; keep mine sends it with the same key', async () => {
    const box = boxServer('Bench');
    setOnline(false);
    await rename('Mother 7', 'Bench');
    const [queued] = await queue.list();
    box.name = 'Clone row'; // a colleague, online, meanwhile
    setOnline(true);
    const res = await queue.flush({ userId: 7 });
    expect(res.refused.map((r) => r.conflict)).toEqual([true]);
    expect(box.name).toBe('Clone row');
    const [item] = await queue.list();
    expect(item).toMatchObject({ state: 'refused', conflict: true, status: 409, theirs: 'Clone row' });

    const [conflict] = await history.list({ userId: 7 });
    expect(conflict).toMatchObject({ kind: 'conflict', status: 409, mine: 'Mother 7', theirs: 'Clone row', key: queued!.idempotencyKey, endpoint: 'updateGridBoxName' });

    advance(5_000);
    const kept = await queue.keepMine(item!.seq, 'Ana Scout', { userId: 7 });
    expect(kept.sent).toHaveLength(1);
    expect(box.name).toBe('Mother 7');
    // Sent again without the precondition, with the key made when the user acted.
    expect(box.seen.at(-1)).toEqual({ key: queued!.idempotencyKey, body: { GridBoxID: '5', custom_name: 'Mother 7' } });
    expect(box.applied).toEqual([{ key: queued!.idempotencyKey, name: 'Mother 7' }]);
    expect((await history.ofKey(queued!.idempotencyKey)).map((e) => [e.kind, e.by])).toEqual([
      ['conflict', null],
      ['keptMine', 'Ana Scout'],
      ['sent', null],
    ]);
    await expect(queue.keepMine(item!.seq, 'Ana Scout')).rejects.toThrow(/no conflict/);
  });

  it('keep theirs leaves the colleague’s name and sends nothing; the history says who chose', async () => {
    const box = boxServer('Bench');
    setOnline(false);
    await rename('Mother 7', 'Bench');
    box.name = '';
    setOnline(true);
    await queue.flush({ userId: 7 });
    const [item] = await queue.list();
    expect(item!.theirs).toBe('');
    await queue.keepTheirs(item!.seq, 'Ana Scout');
    expect(await queue.list()).toEqual([]);
    expect(box.name).toBe('');
    expect(box.applied).toEqual([]);
    const [entry] = await history.list({ userId: 7 });
    expect(entry).toMatchObject({ kind: 'keptTheirs', by: 'Ana Scout', mine: 'Mother 7', theirs: '' });
  });

  it('records what was sent with the answer, and a value the server changed', async () => {
    const box = boxServer('Bench');
    await rename('A name far longer than the server keeps', 'Bench');
    const [changed, sent] = await history.list({ userId: 7 });
    expect(sent).toMatchObject({ kind: 'sent', message: 'Grid box renamed.', at: clock });
    expect(changed).toMatchObject({ kind: 'changed', mine: 'A name far longer than the server keeps', theirs: box.name });
  });

  it('a refusal keeps its status and the server’s message', async () => {
    server.use(
      http.post('*/api/add_comment', () => HttpResponse.json({ status: 'error', message: 'CommentText must be at most 2000 characters.', field: 'CommentText' }, { status: 400 })),
    );
    setOnline(false);
    await queueAction('addComment', { ResponseID: 4, UserID: 7, CommentText: 'x' }, meta, queue);
    setOnline(true);
    await queue.flush({ userId: 7 });
    const [entry] = await history.list({ userId: 7 });
    expect(entry).toMatchObject({ kind: 'refused', status: 400, message: 'CommentText must be at most 2000 characters.', theirs: null });
  });

  it('a discarded action is restored within a day with the same key, so an action that had reached the server is not applied twice', async () => {
    // Sent, applied, but the answer was lost: it waits to be sent again …
    const box = boxServer('Bench', { loseFirstAnswer: true });
    const first = await rename('Mother 7', 'Bench');
    expect(first.queued).toBe(true);
    const [item] = await queue.list();
    // … and the user discards it.
    await queue.discard(item!.seq, 'Ana Scout');
    expect(await queue.list()).toEqual([]);
    const [discarded] = await history.list({ userId: 7 });
    expect(discarded).toMatchObject({ kind: 'discarded', by: 'Ana Scout', key: item!.idempotencyKey });

    advance(RESTORE_WINDOW_MS - 60_000);
    const back = await queue.restore(discarded!.id, 'Ana Scout');
    expect(back.idempotencyKey).toBe(item!.idempotencyKey);
    expect(back.input).toEqual(item!.input);
    await expect(queue.restore(discarded!.id)).rejects.toBeInstanceOf(ActionNotRestorable);
    await queue.flush({ userId: 7 });
    expect((await queue.list()).map((a) => a.state)).toEqual(['sent']);
    expect(box.applied.map((a) => a.key)).toEqual([item!.idempotencyKey]);
    expect(box.seen.map((r) => r.key)).toEqual([item!.idempotencyKey, item!.idempotencyKey]);
    expect((await history.ofKey(item!.idempotencyKey)).map((e) => e.kind)).toEqual(['discarded', 'restored', 'sent']);
  });

  it('after a day a discarded action cannot be restored', async () => {
    boxServer('Bench');
    setOnline(false);
    await rename('Mother 7', 'Bench');
    const [item] = await queue.list();
    await queue.discard(item!.seq, null);
    const [discarded] = await history.list({ userId: 7 });
    advance(RESTORE_WINDOW_MS);
    await expect(queue.restore(discarded!.id)).rejects.toBeInstanceOf(ActionNotRestorable);
    expect(await queue.list()).toEqual([]);
  });
});
