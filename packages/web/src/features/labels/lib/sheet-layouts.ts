/**
 * Label sheets as sold: each paper size with three standard label products (A4: Avery L7651, L7160,
 * L7165; Letter: Avery 5160, 5163, 5164). Measures in millimetres, from the sheets' published templates,
 * so labels printed at 100 % land on the die-cut labels.
 */
export const PAPERS = ['a4', 'letter'] as const;
export type Paper = (typeof PAPERS)[number];
export const LABEL_SIZES = ['small', 'medium', 'large'] as const;
export type LabelSize = (typeof LABEL_SIZES)[number];

export interface SheetLayout {
  paper: Paper;
  size: LabelSize;
  /** The product whose sheets this matches. */
  product: string;
  pageWidth: number;
  pageHeight: number;
  labelWidth: number;
  labelHeight: number;
  columns: number;
  rows: number;
  /** Page edge to the first label. */
  top: number;
  left: number;
  /** From one label's edge to the next one's, across and down (label plus gap). */
  pitchX: number;
  pitchY: number;
}

const A4 = { pageWidth: 210, pageHeight: 297 };
const LETTER = { pageWidth: 215.9, pageHeight: 279.4 };

export const SHEET_LAYOUTS: Record<Paper, Record<LabelSize, SheetLayout>> = {
  a4: {
    small: { paper: 'a4', size: 'small', product: 'L7651', ...A4, labelWidth: 38.1, labelHeight: 21.2, columns: 5, rows: 13, top: 10.7, left: 4.75, pitchX: 40.6, pitchY: 21.2 },
    medium: { paper: 'a4', size: 'medium', product: 'L7160', ...A4, labelWidth: 63.5, labelHeight: 38.1, columns: 3, rows: 7, top: 15.15, left: 7.25, pitchX: 66, pitchY: 38.1 },
    large: { paper: 'a4', size: 'large', product: 'L7165', ...A4, labelWidth: 99.1, labelHeight: 67.7, columns: 2, rows: 4, top: 13.1, left: 4.65, pitchX: 101.6, pitchY: 67.7 },
  },
  letter: {
    small: { paper: 'letter', size: 'small', product: '5160', ...LETTER, labelWidth: 66.7, labelHeight: 25.4, columns: 3, rows: 10, top: 12.7, left: 4.8, pitchX: 69.85, pitchY: 25.4 },
    medium: { paper: 'letter', size: 'medium', product: '5163', ...LETTER, labelWidth: 101.6, labelHeight: 50.8, columns: 2, rows: 5, top: 12.7, left: 4, pitchX: 106.3, pitchY: 50.8 },
    large: { paper: 'letter', size: 'large', product: '5164', ...LETTER, labelWidth: 101.6, labelHeight: 84.7, columns: 2, rows: 3, top: 12.7, left: 4, pitchX: 106.3, pitchY: 84.7 },
  },
};

export function sheetLayout(paper: Paper, size: LabelSize): SheetLayout {
  return SHEET_LAYOUTS[paper][size];
}

export const labelsPerPage = (layout: SheetLayout) => layout.columns * layout.rows;

export interface PlacedLabel<T> {
  item: T;
  /** Top-left corner on its page, in mm. */
  x: number;
  y: number;
}

/**
 * Items laid out row by row, page after page; `skip` leaves the first labels of the first page empty
 * (a part-used sheet fed again).
 */
export function paginate<T>(items: readonly T[], layout: SheetLayout, skip = 0): Array<Array<PlacedLabel<T>>> {
  const perPage = labelsPerPage(layout);
  const start = Math.max(0, Math.min(Math.floor(skip), perPage - 1));
  const pages: Array<Array<PlacedLabel<T>>> = [];
  items.forEach((item, i) => {
    const slot = start + i;
    const page = Math.floor(slot / perPage);
    const inPage = slot % perPage;
    const col = inPage % layout.columns;
    const row = Math.floor(inPage / layout.columns);
    (pages[page] ??= []).push({ item, x: layout.left + col * layout.pitchX, y: layout.top + row * layout.pitchY });
  });
  return pages;
}
