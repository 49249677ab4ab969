import { describe, expect, it } from 'vitest';
import { escapeCsvCell, fileName, toCsv } from '../lib/csv';

describe('escapeCsvCell', () => {
  it.each([
    ['=SUM(A1:A3)', "'=SUM(A1:A3)"],
    ['+1 555 0100', "'+1 555 0100"],
    ['-cmd', "'-cmd"],
    ['@import', "'@import"],
    ['\tindent', "'\tindent"],
  ])('puts an apostrophe before a formula start: %s', (input, expected) => {
    expect(escapeCsvCell(input)).toBe(expected);
  });

  it('quotes a cell holding a comma, a quote or a line break, after escaping', () => {
    expect(escapeCsvCell('Thrips, western')).toBe('"Thrips, western"');
    expect(escapeCsvCell('say "hi"')).toBe('"say ""hi"""');
    expect(escapeCsvCell('=1,2')).toBe('"\'=1,2"');
    expect(escapeCsvCell('two\nlines')).toBe('"two\nlines"');
    expect(escapeCsvCell('\r=x')).toBe('"\'\r=x"');
  });

  it('writes numbers as numbers, a negative one unescaped; empty for null and non-finite', () => {
    expect(escapeCsvCell(-3)).toBe('-3');
    expect(escapeCsvCell(2.5)).toBe('2.5');
    expect(escapeCsvCell(Number.NaN)).toBe('');
    expect(escapeCsvCell(null)).toBe('');
    expect(escapeCsvCell(undefined)).toBe('');
    expect(escapeCsvCell(true)).toBe('true');
  });

  it('leaves plain text alone, including a dash inside it', () => {
    expect(escapeCsvCell('Spider mite - two spotted')).toBe('Spider mite - two spotted');
  });
});

describe('toCsv', () => {
  it('writes a BOM, the header and rows with CRLF line ends', () => {
    expect(toCsv(['Week', 'Thrips'], [['2026-11-02', 4], ['2026-11-09', -1]])).toBe('\uFEFFWeek,Thrips\r\n2026-11-02,4\r\n2026-11-09,-1\r\n');
  });
});

describe('fileName', () => {
  it('keeps letters, digits, dot, dash and underscore, drops accents', () => {
    expect(fileName('Pression été / serre 2', 'csv')).toBe('Pression-ete-serre-2.csv');
    expect(fileName('  ///  ', 'png')).toBe('report.png');
  });
});
