import { describe, expect, it } from 'vitest';
import { ObservationLines, type PlaceKind } from './observation-lines.js';

const KINDS: PlaceKind[] = ['box', 'grid', 'room', 'nowhere'];

describe('the lines an observations import has seen', () => {
  it('answers as a map keyed by text would, through growth, for places, problems and instants that differ by a little', () => {
    // A small seeded generator, so a failure names a case that can be run again.
    let seed = 20261130;
    const next = (n: number) => {
      // mulberry32
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), seed | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) % n;
    };
    const table = new ObservationLines();
    const reference = new Map<string, number>();
    const problems = ['Aphids', 'APHIDS', 'Powdery mildew', 'Thrips', 'spider mite', 'Ünïcode blight'];
    // Instants near 0, before 1970, past 2^32 ms apart and at the same millisecond: the hash's two halves each matter.
    const instants = [0, -1_234_567_890, 2 ** 32, 2 ** 32 + 1, Date.UTC(2026, 0, 5, 10), Date.UTC(2026, 0, 5, 10) + 1, Date.UTC(2126, 0, 1)];
    for (let line = 2; line < 60_000; line++) {
      const kind = KINDS[next(4)]!;
      // The same id under two kinds is two places (box 5 is not grid 5); ids up to 2^31 - 1.
      const placeId = kind === 'nowhere' ? 0 : next(3) === 0 ? 2 ** 31 - 1 - next(5) : next(2000);
      const problem = problems[next(problems.length)]!;
      const at = instants[next(instants.length)]! + next(50) * 60_000;
      const key = `${kind}:${placeId}:${problem.toLowerCase()}:${at}`;
      const earlier = table.get(kind, placeId, problem, at);
      expect(earlier).toBe(reference.get(key));
      if (earlier === undefined) {
        table.set(kind, placeId, problem, at, line);
        reference.set(key, line);
      }
    }
    expect(reference.size).toBeGreaterThan(10_000);
    for (const [key, line] of reference) {
      const [kind, id, problem, at] = key.split(':') as [PlaceKind, string, string, string];
      expect(table.get(kind, Number(id), problem.toUpperCase(), Number(at))).toBe(line);
    }
  });

  it('answers nothing for a problem it has not seen', () => {
    const table = new ObservationLines();
    table.set('box', 1, 'Aphids', 0, 2);
    expect(table.get('box', 1, 'Thrips', 0)).toBeUndefined();
    expect(table.get('grid', 1, 'aphids', 0)).toBeUndefined();
    expect(table.get('box', 1, 'aphids', 0)).toBe(2);
  });
});
