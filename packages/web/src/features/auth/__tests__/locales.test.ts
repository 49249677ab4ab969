import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import es from '../locales/es.json';
import fr from '../locales/fr.json';
import nl from '../locales/nl.json';

function keys(value: unknown, path = ''): string[] {
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => keys(v, path ? `${path}.${k}` : k));
  return [path];
}

describe('auth texts', () => {
  it.each([
    ['es', es],
    ['nl', nl],
    ['fr', fr],
  ])('%s has exactly the keys of en', (_lang, other) => {
    expect(keys(other)).toEqual(keys(en));
  });
});
