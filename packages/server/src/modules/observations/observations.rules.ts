import { splitList } from '../../lib/split-list.js';

/** Answers that say "nothing seen" rather than name a problem. */
const NOTHING = new Set(['none', 'no problem', 'no problems', 'nothing', 'n/a', 'na', '-', 'healthy', 'ok']);

/** The problems one answer names (a JSON list or comma-separated), blanks and "none" dropped, each once. */
export function problemNames(input: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of splitList(input)) {
    const name = raw.replace(/\s+/g, ' ').trim().slice(0, 200);
    const key = name.toLowerCase();
    if (!name || NOTHING.has(key) || seen.has(key)) continue;
    seen.add(key);
    out.push(name);
  }
  return out;
}

/** 'Spider Mites' → 'spider-mites': how the library's slugs are made. */
export const slugify = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
