/**
 * What the grower has typed for the plant in hand and not yet saved, kept on this device per company, user
 * and week (`verdant.cropWalk.<company>.<user>.<week>` in localStorage), so a walk interrupted by a closed app
 * or a flat battery opens on the same plant with the same figures. Saved plants leave the draft: from then on
 * they are the outbox's (IndexedDB) until the server has them.
 */
export interface WalkDraft {
  /** The sample plant being measured. */
  plantId: number;
  /** What is typed per measurement type id, as typed ("17.2", "12."). */
  values: Record<string, string>;
}

const key = (companyId: number, userId: number, week: string) => `verdant.cropWalk.${companyId}.${userId}.${week}`;

export function readWalkDraft(companyId: number, userId: number, week: string): WalkDraft | null {
  try {
    const raw = localStorage.getItem(key(companyId, userId, week));
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<WalkDraft>;
    if (!Number.isInteger(v.plantId) || typeof v.values !== 'object' || v.values === null) return null;
    const values: Record<string, string> = {};
    for (const [k, s] of Object.entries(v.values)) if (typeof s === 'string' && /^\d*\.?\d*$/.test(s)) values[k] = s;
    return { plantId: v.plantId as number, values };
  } catch {
    // Storage blocked or a broken value: the walk starts at the next plant to measure.
    return null;
  }
}

export function keepWalkDraft(companyId: number, userId: number, week: string, draft: WalkDraft | null): void {
  try {
    if (draft) localStorage.setItem(key(companyId, userId, week), JSON.stringify(draft));
    else localStorage.removeItem(key(companyId, userId, week));
  } catch {
    // Private mode or a full disk: the walk still works, only an interrupted plant's figures are not kept.
  }
}
