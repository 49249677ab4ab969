import type { PlantProblem } from '@verdant/contract';

/** Lower case without accents: "Ácaro" finds "acaro", "araña" finds "arana". */
const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();

export interface ProblemSuggestion {
  /** The stored key: the library's English name. */
  name: string;
  /** What the scout reads. */
  label: string;
}

/**
 * Library problems whose name in the reader's language or English name holds the typed text anywhere
 * ("spider" finds "Two-spotted spider mite", "araña" finds "Araña roja"), names starting with it first.
 * Works on the device's copy of the library, so offline too.
 */
export function suggestProblems(library: readonly PlantProblem[], typed: string, limit = 6): ProblemSuggestion[] {
  const q = fold(typed);
  if (q.length < 2) return [];
  const scored: Array<{ s: ProblemSuggestion; rank: number }> = [];
  for (const p of library) {
    const names = [fold(p.display_name), fold(p.name)];
    const at = Math.min(...names.map((n) => (n.includes(q) ? (n.startsWith(q) ? 0 : 1) : 2)));
    if (at < 2) scored.push({ s: { name: p.name, label: p.display_name || p.name }, rank: at });
  }
  return scored.sort((a, b) => a.rank - b.rank || a.s.label.localeCompare(b.s.label)).slice(0, limit).map((x) => x.s);
}
