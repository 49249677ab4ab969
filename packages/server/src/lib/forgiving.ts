/**
 * Forgiving matching of typed words against names, in TypeScript: the second tier of the forgiving search
 * (docs/decisions.md, "Forgiving search: transposed letters"). pg_trgm's similarity misses a transposition in a short
 * word ("Broiso" shares 3 of its 7 trigrams with "Brioso": similarity 0.27, word similarity 0.29, under both
 * thresholds); an edit distance that counts a swap of two neighbouring letters as one edit (Damerau–Levenshtein,
 * optimal string alignment) sees one typo. The database finds the candidates (modules/search: by trigram, and by the
 * term's transposed variants through the same trigram indexes); this ranks them and refuses those too far off.
 * One home: the search's SQL tiers and the problem library's likeness (lib/trigram.ts) both use it.
 */

/** Costs of one edit. A substitution costs more than a missing, extra or swapped letter: "mint" is not "mist". */
const INDEL = 1;
const SWAP = 1;
const SUBSTITUTE = 1.5;

/** Lower case, accents and case folded (NFKD without combining marks), as pg_trgm compares (lower case). */
export const foldText = (text: string) => text.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase();

/** The words of a text: runs of letters and digits (punctuation and spaces separate). */
export const wordsOf = (text: string) => foldText(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/** A word's code points (an accent or emoji is one letter). */
const codePoints = (word: string): number[] => {
  const out: number[] = [];
  for (const ch of word) out.push(ch.codePointAt(0)!);
  return out;
};

// Three rows of the table, reused: the search scores a few hundred names per keystroke (issue 19: its share of a
// search request's time), and arrays made per call were most of that.
let rows = [new Float64Array(64), new Float64Array(64), new Float64Array(64)];

/** editCost over code points, `t` read up to `tLength` (a start of the word). */
function editCostOf(s: readonly number[], t: readonly number[], tLength: number, max: number): number {
  const m = s.length;
  const n = tLength;
  if (Math.abs(m - n) * INDEL > max) return Infinity;
  if (rows[0]!.length <= n) rows = [new Float64Array(n + 1), new Float64Array(n + 1), new Float64Array(n + 1)];
  let [before, prev, row] = rows as [Float64Array, Float64Array, Float64Array];
  for (let j = 0; j <= n; j++) prev[j] = j * INDEL;
  for (let i = 1; i <= m; i++) {
    row[0] = i * INDEL;
    let least = row[0];
    const si = s[i - 1]!;
    for (let j = 1; j <= n; j++) {
      const same = si === t[j - 1];
      let cost = Math.min(prev[j]! + INDEL, row[j - 1]! + INDEL, prev[j - 1]! + (same ? 0 : SUBSTITUTE));
      if (i > 1 && j > 1 && si === t[j - 2] && s[i - 2] === t[j - 1] && !same) cost = Math.min(cost, before[j - 2]! + SWAP);
      row[j] = cost;
      if (cost < least) least = cost;
    }
    if (least > max) return Infinity;
    [before, prev, row] = [prev, row, before];
  }
  const d = prev[n]!;
  return d > max ? Infinity : d;
}

/**
 * The weighted optimal-string-alignment distance between two words (as code points): a missing or extra letter
 * and a swap of two neighbours cost 1, a different letter 1.5. Stops early (answering Infinity) once every
 * alignment costs more than `max`.
 */
export function editCost(a: string, b: string, max = Infinity): number {
  const t = codePoints(b);
  return editCostOf(codePoints(a), t, t.length, max);
}

/**
 * How much typing a word of this many letters may hold: none under 4 letters (too short for a typo to be told from
 * another word), one missing/extra/swapped letter at 4, any one typo at 5–6, two at 7–10 (not two wrong letters:
 * "tomatoes" is not "potatoes"), three at 11 or more.
 */
export function typoBudget(letters: number): number {
  if (letters < 4) return 0;
  if (letters === 4) return 1;
  if (letters <= 6) return 1.5;
  if (letters <= 10) return 2.5;
  return 3.5;
}

/**
 * The cost of a typed word as a name's word, within the word's budget (else Infinity). The last typed word may be
 * unfinished (autocomplete): then it is also compared with the name word's starts of about its length.
 */
function wordCost(typed: string, word: string, unfinished: boolean): number {
  const s = codePoints(typed);
  const n = s.length;
  const budget = typoBudget(n);
  const letters = codePoints(word);
  let cost = editCostOf(s, letters, letters.length, budget);
  if (unfinished && letters.length > n) {
    if (n < 4) return letters.slice(0, n).every((c, i) => c === s[i]) ? 0 : cost;
    // A start one letter shorter (the typed word has a letter too many) only from 7 letters: "bean" is not "ben(ch)",
    // nor "roses" "roes(tmijt)".
    for (const k of n >= 7 ? [n - 1, n, n + 1] : [n, n + 1]) {
      if (k >= 1 && k < letters.length) cost = Math.min(cost, editCostOf(s, letters, k, budget));
    }
  }
  return cost;
}

/** The least cost of the typed words as words of the name, in their order (name words may be skipped). */
function wordsCost(typed: string[], words: string[]): number {
  const memo = new Map<string, number>();
  const best = (i: number, j: number): number => {
    if (i === typed.length) return 0;
    if (words.length - j < typed.length - i) return Infinity;
    const key = `${i}:${j}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    const here = wordCost(typed[i]!, words[j]!, i === typed.length - 1) + best(i + 1, j + 1);
    const value = Math.min(here, best(i, j + 1));
    memo.set(key, value);
    return value;
  };
  return best(0, 0);
}

/** Terms of more letters than this are not compared (a search box holds a name, not a paragraph; the cost is letters²). */
const TERM_MAX = 64;

/**
 * How well a typed term names a text despite typos, 0 (not a typo of it) to 1 (the same words): every typed word a
 * word of the text in order, each within its budget (`typoBudget`); or, for a space too many or too few, the term
 * without spaces as the text's words run together from one of them. The score is 1 − cost / letters typed.
 */
export function forgivingScore(term: string, text: string): number {
  const typed = wordsOf(term);
  const words = wordsOf(text);
  const letters = typed.join('').length;
  if (typed.length === 0 || words.length === 0 || letters > TERM_MAX) return 0;
  let cost = wordsCost(typed, words);
  const joined = typed.join('');
  if (typed.length > 1 || words.length > 1) {
    for (let j = 0; j < words.length; j++) cost = Math.min(cost, wordCost(joined, words.slice(j).join(''), true));
  }
  if (!Number.isFinite(cost)) return 0;
  return Math.max(0, 1 - cost / Math.max(letters, 1));
}

/**
 * A term of fewer letters than this is not matched by trigram likeness alone: in a short word a few shared trigrams
 * are chance ('Test' shares 'st ', '  t', ' te' with "Mist tent": word similarity 0.6) — such a term is forgiven only
 * by edit cost. Longer terms keep pg_trgm's own tests ("Mst tent", "Aphidss").
 */
export const TRIGRAM_ALONE_MIN_LETTERS = 6;
export const trigramAloneMatches = (term: string) => wordsOf(term).join('').length >= TRIGRAM_ALONE_MIN_LETTERS;

/** At most this many variants are asked of the database per term (each is one more trigram index condition). */
export const VARIANTS_MAX = 24;

/**
 * The term with one typo undone, for the database to look up by trigram as it looks up the term: each pair of
 * neighbouring letters of a word swapped ("Broiso" → "Brioso", …), and each inner space dropped ("Bri oso" →
 * "Brioso"). Only terms of 4 to 32 characters; at most VARIANTS_MAX, first positions first.
 */
export function typoVariants(term: string): string[] {
  // Lower case only (accents kept): the database compares the stored names as they are.
  const chars = [...term.normalize('NFC').toLowerCase().trim()];
  if (chars.length < 4 || chars.length > 32) return [];
  const out = new Set<string>();
  const letter = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c);
  for (let i = 0; i + 1 < chars.length; i++) {
    const [x, y] = [chars[i], chars[i + 1]];
    if (letter(x) && letter(y) && x !== y) out.add([...chars.slice(0, i), y, x, ...chars.slice(i + 2)].join(''));
  }
  for (let i = 1; i + 1 < chars.length; i++) {
    if (chars[i] === ' ' && letter(chars[i - 1]) && letter(chars[i + 1])) out.add([...chars.slice(0, i), ...chars.slice(i + 1)].join(''));
  }
  out.delete(chars.join(''));
  return [...out].slice(0, VARIANTS_MAX);
}
