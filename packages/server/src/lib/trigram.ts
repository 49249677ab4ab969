import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { forgivingScore, trigramAloneMatches } from './forgiving.js';

/**
 * pg_trgm's likeness of each text to a term, for lists kept in code rather than a table (the problem library's
 * names in every language): 0 where the text is not like the term by pg_trgm's own tests (`%`, similarity ≥ 0.3,
 * or `<%`, word similarity ≥ 0.6), else the better of the two likenesses (0 to 1). The same tests and thresholds
 * the search's SQL uses on its tables (modules/search/search.repository.ts), so both databases answer alike.
 * The second tier besides: a text the term is a typo of by edit cost (lib/forgiving.ts: a swapped pair of letters,
 * which trigrams miss in short words) scores its forgiving score when that is higher — every text is in hand here.
 * A term of under 6 letters is forgiven by edit cost only (`trigramAloneMatches`: a few shared trigrams are chance).
 */
export async function trigramLikeness(db: Kysely<DB>, term: string, texts: readonly string[]): Promise<number[]> {
  if (texts.length === 0) return [];
  const { rows } = await sql<{ score: number }>`
    SELECT CASE WHEN u.t % ${term} OR ${term} <% u.t THEN greatest(similarity(u.t, ${term}), word_similarity(${term}, u.t)) ELSE 0 END AS score
    FROM unnest(${[...texts]}::text[]) WITH ORDINALITY AS u(t, i)
    ORDER BY u.i`.execute(db);
  const trigrams = trigramAloneMatches(term);
  return rows.map((r, i) => Math.max(trigrams ? Number(r.score) : 0, forgivingScore(term, texts[i]!)));
}
