/** The most-seen problems, remembered per company on this device for quick observation's buttons. */

const rankKey = (companyId: number) => `verdant.topProblems.${companyId}`;

/** The last ranking of most-seen problems read online, so the buttons stay the same offline. */
export function readRememberedProblems(companyId: number): string[] {
  try {
    const v = JSON.parse(localStorage.getItem(rankKey(companyId)) ?? '[]') as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string').slice(0, 20) : [];
  } catch {
    return [];
  }
}

export function rememberProblems(companyId: number, names: readonly string[]) {
  try {
    localStorage.setItem(rankKey(companyId), JSON.stringify(names.slice(0, 20)));
  } catch {
    // Storage off: offline the form's own options are offered.
  }
}
