import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import es from '../locales/es.json';
import fr from '../locales/fr.json';
import nl from '../locales/nl.json';

/** Every key path with the length of each list, so a missing or extra item shows up too. */
function shape(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return [`${path}[${value.length}]`, ...value.flatMap((v, i) => shape(v, `${path}[${i}]`))];
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => shape(v, path ? `${path}.${k}` : k));
  return [path];
}

function texts(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(texts);
  return [];
}

describe('public texts', () => {
  it.each([
    ['es', es],
    ['nl', nl],
    ['fr', fr],
  ])('%s has exactly the keys of en', (_lang, other) => {
    expect(shape(other)).toEqual(shape(en));
  });

  it.each([
    ['es', es],
    ['nl', nl],
    ['fr', fr],
  ])('%s is translated, not copied', (_lang, other) => {
    const same = texts(other).filter((t, i) => t === texts(en)[i] && t.length > 25);
    expect(same).toEqual([]);
  });
});
