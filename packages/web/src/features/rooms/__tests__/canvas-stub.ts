import { vi } from 'vitest';

/** jsdom has no canvas: a 2D context that records fills, enough to see the map drawn. */
export function stubCanvas() {
  const calls = { rect: 0, fill: 0 };
  const ctx = new Proxy({} as Record<string, unknown>, {
    get(target, prop: string) {
      if (prop in target) return target[prop];
      if (prop === 'rect') return () => void calls.rect++;
      if (prop === 'fill') return () => void calls.fill++;
      return () => {};
    },
    set(target, prop: string, value) {
      target[prop] = value;
      return true;
    },
  });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => ctx as unknown as CanvasRenderingContext2D);
  return calls;
}
