import { describe, expect, it } from 'vitest';
import { LABEL_SIZES, labelsPerPage, paginate, PAPERS, SHEET_LAYOUTS, sheetLayout } from '../lib/sheet-layouts';

describe('label sheet layouts', () => {
  it.each([
    ['a4', 'small', 65],
    ['a4', 'medium', 21],
    ['a4', 'large', 8],
    ['letter', 'small', 30],
    ['letter', 'medium', 10],
    ['letter', 'large', 6],
  ] as const)('%s %s holds %i labels a sheet', (paper, size, count) => {
    expect(labelsPerPage(sheetLayout(paper, size))).toBe(count);
  });

  it('keeps every label inside its paper, without overlaps, centred within a millimetre', () => {
    for (const paper of PAPERS) {
      for (const size of LABEL_SIZES) {
        const l = SHEET_LAYOUTS[paper][size];
        expect(l.pitchX).toBeGreaterThanOrEqual(l.labelWidth);
        expect(l.pitchY).toBeGreaterThanOrEqual(l.labelHeight);
        const right = l.left + (l.columns - 1) * l.pitchX + l.labelWidth;
        const bottom = l.top + (l.rows - 1) * l.pitchY + l.labelHeight;
        expect(right).toBeLessThanOrEqual(l.pageWidth);
        expect(bottom).toBeLessThanOrEqual(l.pageHeight);
        expect(Math.abs(l.pageWidth - right - l.left)).toBeLessThan(1);
        expect(Math.abs(l.pageHeight - bottom - l.top)).toBeLessThan(1);
      }
    }
  });

  it('uses the three sizes the sheets are sold in on A4 (38.1×21.2, 63.5×38.1, 99.1×67.7 mm)', () => {
    expect(LABEL_SIZES.map((s) => [SHEET_LAYOUTS.a4[s].labelWidth, SHEET_LAYOUTS.a4[s].labelHeight])).toEqual([
      [38.1, 21.2],
      [63.5, 38.1],
      [99.1, 67.7],
    ]);
  });

  it('fills pages row by row and starts a new page when one is full', () => {
    const layout = sheetLayout('a4', 'large');
    const pages = paginate(Array.from({ length: 19 }, (_, i) => i), layout);
    expect(pages.map((p) => p.length)).toEqual([8, 8, 3]);
    expect(pages[0]!.slice(0, 3)).toEqual([
      { item: 0, x: 4.65, y: 13.1 },
      { item: 1, x: 4.65 + 101.6, y: 13.1 },
      { item: 2, x: 4.65, y: 13.1 + 67.7 },
    ]);
    expect(pages[2]![0]).toEqual({ item: 16, x: 4.65, y: 13.1 });
  });

  it('skips the labels already used on a part-used first sheet', () => {
    const layout = sheetLayout('letter', 'medium');
    const pages = paginate(['a', 'b', 'c'], layout, 9);
    expect(pages.map((p) => p.map((l) => l.item))).toEqual([['a'], ['b', 'c']]);
    expect(pages[0]![0]).toMatchObject({ x: 4 + 106.3, y: 12.7 + 4 * 50.8 });
    // A skip beyond one sheet is held to the sheet.
    expect(paginate(['a'], layout, 500)[0]![0]).toMatchObject({ x: 4 + 106.3, y: 12.7 + 4 * 50.8 });
  });
});
