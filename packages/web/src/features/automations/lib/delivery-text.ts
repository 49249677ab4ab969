import type { TFunction } from 'i18next';

/**
 * The delivery log keeps each delivery's one-line event and last error as the server wrote them, in
 * English (they are what the e-mail and webhook said: jobs/notification-events.ts, notification-schedules.ts,
 * lib/webhooks/client.ts). They are read back in the reader's language by their fixed shapes, the way audit
 * titles are; a line of no known shape (an older or newer server) is shown as written.
 */
interface Shape {
  re: RegExp;
  key: string;
  /** Named groups that hold problem names (comma-joined), shown by their name in the reader's language. */
  problems?: readonly string[];
}

const EVENT_SHAPES: readonly Shape[] = [
  { re: /^Problem observed: (?<what>.+)$/, key: 'problemObserved', problems: ['what'] },
  { re: /^Suspected problem: (?<what>.+) \((?<sure>\d+%) confidence\)$/, key: 'suspected', problems: ['what'] },
  { re: /^(?<level>Red|Amber) threshold: (?<what>.+?) in (?<room>.+)$/, key: 'thresholdIn', problems: ['what'] },
  { re: /^(?<level>Red|Amber) threshold: (?<what>.+)$/, key: 'threshold', problems: ['what'] },
  { re: /^Task assigned: (?<name>.+)$/, key: 'taskAssigned' },
  { re: /^Task (?<status>open|in progress|done): (?<name>.+)$/, key: 'taskStatus' },
  { re: /^Form submitted: (?<form>.+)$/, key: 'formSubmitted' },
  { re: /^"(?<keyword>.+)" answered in (?<form>.+)$/, key: 'keywordAnswered' },
  { re: /^Weekly report: (?<count>\d+) problem observations? in the last week$/, key: 'weeklyReport' },
  { re: /^Weekly report: (?<count>\d+) problem observations? in the last (?<weeks>\d+) weeks$/, key: 'weeklyReportWeeks' },
  { re: /^Reminder: fill in (?<form>.+)$/, key: 'reminder' },
  { re: /^Verdant test notification$/, key: 'test' },
];

const ERROR_SHAPES: readonly Shape[] = [{ re: /^(?<host>\S+) did not resolve$/, key: 'notResolved' }];

function read(line: string, shapes: readonly Shape[], prefix: string, t: TFunction, problemName: (name: string) => string): string {
  for (const shape of shapes) {
    const m = shape.re.exec(line.trim());
    if (!m) continue;
    const groups = m.groups ?? {};
    const values: Record<string, string | number> = { ...groups };
    for (const g of shape.problems ?? []) values[g] = (groups[g] ?? '').split(', ').map(problemName).join(', ');
    if (groups.level) values.level = t(`automations:log.levels.${groups.level.toLowerCase()}`);
    if (groups.status) values.status = t(`automations:log.taskStatuses.${groups.status.replace(' ', '_')}`);
    if (groups.count) values.count = Number(groups.count);
    if (groups.weeks) values.weeks = Number(groups.weeks);
    return t(`automations:${prefix}.${shape.key}`, values);
  }
  return line;
}

/** A delivery's event line in the reader's language (problem names included); an unknown line as written. */
export function deliveryEventText(line: string, t: TFunction, problemName: (name: string) => string): string {
  return read(line, EVENT_SHAPES, 'log.events', t, problemName);
}

/** A delivery's last error in the reader's language where its shape is known; otherwise as the channel said it. */
export function deliveryErrorText(line: string, t: TFunction): string {
  return read(line, ERROR_SHAPES, 'log.errors', t, (n) => n);
}
