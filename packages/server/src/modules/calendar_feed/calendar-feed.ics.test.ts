import { describe, expect, it } from 'vitest';
import { escapeText, foldLine, utcStamp, writeCalendar } from './calendar-feed.ics.js';

describe('the iCalendar writer', () => {
  it('escapes TEXT and drops what a value may not hold', () => {
    expect(escapeText('a;b,c\\d\ne\r\nf')).toBe('a\\;b\\,c\\\\d\\ne\\nf');
    expect(escapeText('bell\u0007 nul\u0000 tab\t')).toBe('bell nul tab\t');
    expect(escapeText('lone \ud800 surrogate')).toBe('lone \ufffd surrogate');
  });

  it('folds at 75 octets without splitting a UTF-8 character', () => {
    const line = `SUMMARY:${'é'.repeat(60)}`;
    const folded = foldLine(line).split('\r\n');
    for (const part of folded) expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75);
    expect(folded.slice(1).every((p) => p.startsWith(' '))).toBe(true);
    expect(folded.map((p, i) => (i ? p.slice(1) : p)).join('')).toBe(line);
    expect(foldLine('SHORT:x')).toBe('SHORT:x');
  });

  it('writes CRLF lines and UTC stamps', () => {
    expect(utcStamp(new Date('2026-03-01T07:05:09Z'))).toBe('20260301T070509Z');
    const ics = writeCalendar({ name: 'n', description: 'd', events: [{ uid: 'u@x', stamp: new Date(0), start: { day: '2026-12-31' }, summary: 's' }] });
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(ics).toContain('DTSTART;VALUE=DATE:20261231\r\nDTEND;VALUE=DATE:20270101\r\n');
  });
});
