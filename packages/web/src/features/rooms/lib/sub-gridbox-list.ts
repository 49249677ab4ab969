import type { SubGridbox } from '@verdant/contract';

export interface SubGridboxList {
  total_count: number;
  max_allowed: number;
  sub_gridboxes: SubGridbox[];
}

/** A deleted sub-box leaves the list and the total falls, never below 0 (spec-2 §4). */
export function withoutSubGridbox<L extends SubGridboxList>(list: L, id: number): L {
  const had = list.sub_gridboxes.some((s) => s.Sub_gridboxID === id);
  return {
    ...list,
    sub_gridboxes: list.sub_gridboxes.filter((s) => s.Sub_gridboxID !== id),
    total_count: had ? Math.max(0, list.total_count - 1) : list.total_count,
  };
}

/** An update merges only the fields that were sent (spec-2 §4). */
export function mergeSubGridbox<L extends SubGridboxList>(list: L, id: number, sent: Partial<SubGridbox>): L {
  const defined = Object.fromEntries(Object.entries(sent).filter(([, v]) => v !== undefined)) as Partial<SubGridbox>;
  return { ...list, sub_gridboxes: list.sub_gridboxes.map((s) => (s.Sub_gridboxID === id ? { ...s, ...defined } : s)) };
}

/** CustomName if it is not blank, otherwise `Sub-{x}-{y}`. */
export function subGridboxName(s: Pick<SubGridbox, 'CustomName' | 'SubX' | 'SubY'>): string {
  return s.CustomName && s.CustomName.trim() ? s.CustomName : `Sub-${s.SubX}-${s.SubY}`;
}
