/**
 * An iCalendar (RFC 5545) writer for the feed: content lines end CRLF, are folded at 75 octets (never inside a
 * UTF-8 character), TEXT values are escaped (backslash, semicolon, comma, newline) and lose control characters.
 * Pure: the service hands it events.
 */
import { addDays } from '@verdant/contract';

export type EventTime =
  /** A whole day, 'YYYY-MM-DD' (DTEND is the next day, exclusive). */
  | { day: string }
  /** An instant, written in UTC. */
  | { at: Date };

export interface IcsEvent {
  uid: string;
  /** When this event's data last changed (DTSTAMP: the feed's objects are published, not scheduled). */
  stamp: Date;
  start: EventTime;
  end?: EventTime;
  summary: string;
  description?: string;
  location?: string;
  url?: string;
  categories?: string[];
}

export interface IcsCalendar {
  name: string;
  description: string;
  events: IcsEvent[];
}

const CRLF = '\r\n';
const MAX_OCTETS = 75;

/** TEXT escaping (RFC 5545 §3.3.11); control characters other than tab are not allowed in a value. */
export function escapeText(value: string): string {
  return value
    .replace(/\r\n?/g, '\n')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd')
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\n/g, '\\n');
}

/** Folds one content line: at most 75 octets per physical line, continuations start with one space (§3.1). */
export function foldLine(line: string): string {
  if (Buffer.byteLength(line, 'utf8') <= MAX_OCTETS) return line;
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch, 'utf8');
    // The first line holds 75 octets; each continuation holds 74 after its leading space.
    const room = parts.length === 0 ? MAX_OCTETS : MAX_OCTETS - 1;
    if (octets + size > room) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A UTC DATE-TIME: 20261201T073000Z. */
export function utcStamp(d: Date): string {
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}Z`;
}

const dateValue = (day: string) => day.replaceAll('-', '');

function timeLine(name: 'DTSTART' | 'DTEND', t: EventTime): string {
  return 'day' in t ? `${name};VALUE=DATE:${dateValue(t.day)}` : `${name}:${utcStamp(t.at)}`;
}

function eventLines(e: IcsEvent): string[] {
  const end = e.end ?? ('day' in e.start ? { day: addDays(e.start.day, 1) } : undefined);
  return [
    'BEGIN:VEVENT',
    `UID:${e.uid}`,
    `DTSTAMP:${utcStamp(e.stamp)}`,
    timeLine('DTSTART', e.start),
    ...(end ? [timeLine('DTEND', end)] : []),
    `SUMMARY:${escapeText(e.summary)}`,
    ...(e.description ? [`DESCRIPTION:${escapeText(e.description)}`] : []),
    ...(e.location ? [`LOCATION:${escapeText(e.location)}`] : []),
    ...(e.categories?.length ? [`CATEGORIES:${e.categories.map(escapeText).join(',')}`] : []),
    ...(e.url ? [`URL:${e.url}`] : []),
    'TRANSP:TRANSPARENT',
    'END:VEVENT',
  ];
}

/** The whole VCALENDAR object as the feed answers it. */
export function writeCalendar(cal: IcsCalendar): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Verdant//Calendar feed//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `NAME:${escapeText(cal.name)}`,
    `X-WR-CALNAME:${escapeText(cal.name)}`,
    `DESCRIPTION:${escapeText(cal.description)}`,
    // RFC 7986: how often a client should fetch the feed again.
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
    ...cal.events.flatMap(eventLines),
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}
