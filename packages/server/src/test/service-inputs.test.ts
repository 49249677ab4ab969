import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { handWrittenInputs } from './service-inputs.js';

/**
 * Service functions that still restate a route's input by hand, with the reason (issue 21: the list only shrinks).
 * A new one fails below: type the parameter `EndpointInput<…>` (or a type built on it, such as
 * `Omit<Input<'x'>, 'company_id'>` or `Input<'x'> & Required<Pick<Input<'x'>, 'y'>>`).
 */
const ALLOWED: Record<string, string> = {};

describe('service inputs come from the contract', () => {
  it('every service function a route hands its input types it from the contract, except the allowed ones (and the list is up to date)', () => {
    const found = handWrittenInputs(fileURLToPath(new URL('../modules', import.meta.url)));
    expect(found.filter((f) => !(f.where in ALLOWED)).map((f) => `${f.where} takes ${f.type} (from ${f.call})`)).toEqual([]);
    expect(Object.keys(ALLOWED).filter((where) => !found.some((f) => f.where === where))).toEqual([]);
  });

  it('follows namespace and named imports, handlers in routes files or index.ts, aliases, interfaces and spreads of input; leaves scalars alone', () => {
    const dir = mkdtempSync(join(tmpdir(), 'service-inputs-'));
    mkdirSync(join(dir, 'x'));
    writeFileSync(join(dir, 'x', 'x.routes.ts'), `
      import * as svc from './x.service.js';
      import { named } from './x.service.js';
      export const h = {
        a: ({ input }) => svc.good(app, user, input),
        b: ({ input }) => svc.literal(app, user, input),
        c: ({ input }) => named(app, { ...input, extra: 1 }),
        d: ({ input }) => svc.derived(app, user, input),
        e: ({ input }) => svc.scalar(app, user, input.room_id),
        f: ({ input }) => svc.viaInterface(app, user, input),
      };`);
    writeFileSync(join(dir, 'x', 'index.ts'), `
      import { viaIndex } from './x.service.js';
      const handlers: Handlers<typeof xEndpoints> = { g: ({ input }) => viaIndex(app, user, input) };`);
    writeFileSync(join(dir, 'x', 'x.service.ts'), `
      import type { EndpointInput, xEndpoints } from '@verdant/contract';
      type Input<K extends keyof typeof xEndpoints> = EndpointInput<(typeof xEndpoints)[K]>;
      interface Hand { room_id: number }
      interface Extended extends Input<'f'> { more: string }
      export function good(d, c, input: Input<'a'>) {}
      export function literal(d, c, input: { room_id: number }) {}
      export const named = (d, input: Hand) => {};
      export function derived(d, c, input: Omit<Input<'d'>, 'company_id'> & { x: 1 }) {}
      export function scalar(d, c, roomId: number) {}
      export function viaInterface(d, c, input: Extended) {}
      export function viaIndex(d, c, input: { command: string }) {}`);
    expect(handWrittenInputs(dir).map((f) => [f.where, f.type, f.handler])).toEqual([
      ['x/x.service.ts:literal', '{ room_id: number }', 'b'],
      ['x/x.service.ts:named', 'Hand', 'c'],
      ['x/x.service.ts:viaIndex', '{ command: string }', 'g'],
    ]);
  });
});
