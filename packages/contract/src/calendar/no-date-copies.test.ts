import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * One calendar (issue 21): the shipped code of server, web and contract takes plain dates, weeks and
 * "today" from this folder. A new local copy of a date helper, a day in milliseconds written out, or an
 * instant cut to its UTC day by hand fails here; import from '@verdant/contract' (or
 * '@verdant/contract/zoned-time' for wall times in a zone) instead. Tests and fixtures may build instants
 * as they like.
 */
const repo = fileURLToPath(new URL('../../../../', import.meta.url));
const roots = ['packages/server/src', 'packages/web/src', 'packages/contract/src'];
const home = 'packages/contract/src/calendar/';

const copies: Array<[RegExp, string]> = [
  [/\b(?:function|const|let|var)\s+(?:addDays|mondayOf|todayIso|todayIn|isoWeekday|startOfWeek|weekStartOf|zonedTime|offsetAt|localDate|dayNumber|daysBefore|isCalendarDate)\b/, 'a copy of a calendar helper'],
  [/\bDAY_MS\s*=|\b86_?400_?000\b|\b864e5\b/, 'a day in milliseconds (DAY_MS)'],
  [/toISOString\(\)\.slice\(0,\s*10\)/, "an instant cut to its UTC day by hand (utcDate)"],
  [/getTimezoneOffset\(\)|\bIntl\.DateTimeFormat\([^)]*timeZone/, 'zone maths by hand (todayIn, zonedTime)'],
];

/** Allowed, with the reason. */
const allowed = new Set([
  // A datetime-local input's default: the device's own wall clock to the minute, which the input shows and reads
  // back in the device's zone — not a calendar day, and not the company's zone.
  'packages/web/src/features/rooms/map/components/apply-treatment-dialog.tsx',
]);


const isTest = (path: string) => /\.test\.tsx?$|\/__tests__\/|\/test\/|\/e2e\//.test(path);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sources(path);
    return /\.tsx?$/.test(e.name) ? [path] : [];
  });
}

/** Every line of the checked files that matches a pattern, as `path:line: what: text`. */
function copiesIn(checked: (path: string) => boolean, patterns: Array<[RegExp, string]>): string[] {
  const found: string[] = [];
  for (const root of roots) {
    for (const file of sources(join(repo, root))) {
      const path = relative(repo, file);
      if (path.startsWith(home) || !checked(path)) continue;
      readFileSync(file, 'utf8').split('\n').forEach((line, i) => {
        for (const [pattern, what] of patterns) if (pattern.test(line)) found.push(`${path}:${i + 1}: ${what}: ${line.trim()}`);
      });
    }
  }
  return found;
}

describe('one calendar', () => {
  it('has no local copy of the date helpers in shipped code', () => {
    expect(copiesIn((path) => !isTest(path) && !allowed.has(path), copies)).toEqual([]);
  });

  it('has no day helper copies in tests either', () => {
    // Days only: a test may read a wall clock in a zone to check one (the zone pattern stays for shipped code).
    const days = copies.filter(([, what]) => !what.startsWith('zone maths'));
    expect(copiesIn(isTest, days)).toEqual([]);
  });
});
