import { describe, expect, it } from 'vitest';

/** Every key path of a nested texts object, e.g. `users.title`. */
export function keyPaths(value: unknown, path = ''): string[] {
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => keyPaths(v, path ? `${path}.${k}` : k));
  return [path];
}

/** A feature's texts: Spanish, Dutch and French have exactly the keys of English. */
export function describeSameKeys(name: string, texts: { en: unknown; es: unknown; nl: unknown; fr: unknown }) {
  describe(name, () => {
    it.each([
      ['es', texts.es],
      ['nl', texts.nl],
      ['fr', texts.fr],
    ])('%s has exactly the keys of en', (_lang, other) => {
      expect(keyPaths(other)).toEqual(keyPaths(texts.en));
    });
  });
}
