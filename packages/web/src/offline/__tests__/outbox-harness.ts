/**
 * The outbox tests' shared setup (outbox-history, outbox-restore): the msw server, Web Locks and Blob cloning,
 * navigator.onLine, a clock the tests move, and per test fresh offline databases with the history, the action queue
 * and the form queue on them. The bindings below are live: a test file reads them after `setUpOutboxTests` ran its
 * beforeEach, and moves the clock and the network through `advance` and `setOnline`.
 */
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { createHttpClient } from '../../api/http-client';
import { createActionQueue, type ActionQueue } from '../../api/action-queue';
import { createFormQueue, type FormQueue } from '../../api/form-responses';
import { server } from '../../testing/msw-server';
import { ActionQueueDatabase } from '../action-queue-store';
import { OfflineDatabase } from '../db';
import { createOutboxHistory, type OutboxHistory } from '../outbox-history';
import { installBlobCloning, installWebLocks } from './browser-emulation';

const START = Date.parse('2026-03-02T08:00:00.000Z');

export const meta = { companyId: 3, userId: 7, label: 'Bench 1 › 2,3' };
export let clock = START;
export let online = true;
export let offline: OfflineDatabase;
export let actions: ActionQueueDatabase;
export let history: OutboxHistory;
export let queue: ActionQueue;
export let forms: FormQueue;

export const advance = (ms: number) => void (clock += ms);
export const setOnline = (value: boolean) => void (online = value);

/** Registers the hooks; `name` keeps each file's databases and locks apart. */
export function setUpOutboxTests(name: string) {
  let n = 0;
  const undo: Array<() => void> = [];
  beforeAll(() => {
    server.listen({ onUnhandledRequest: 'error' });
    undo.push(installWebLocks(), installBlobCloning());
    Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  });
  afterEach(() => server.resetHandlers());
  afterAll(() => {
    server.close();
    for (const u of undo) u();
  });
  beforeEach(() => {
    online = true;
    clock = START;
    offline = new OfflineDatabase(`${name}-test-${++n}`);
    actions = new ActionQueueDatabase(`${name}-actions-${n}`);
    history = createOutboxHistory(offline, () => clock);
    queue = createActionQueue({ database: actions, history, client: createHttpClient({ baseURL: '/api' }), lockName: `${name}-lock-${n}`, now: () => clock });
    forms = createFormQueue({ database: offline, history, client: createHttpClient({ baseURL: '/api' }), lockName: `${name}-forms-${n}`, now: () => clock });
  });
  afterEach(async () => {
    offline.close();
    actions.close();
    await offline.delete();
    await actions.delete();
  });
}
