/**
 * Okabe–Ito's colour-blind-safe set, darkened where needed for contrast on white, then two neutrals:
 * a grower with red–green colour blindness still tells the lines apart.
 */
export const SERIES_COLOURS = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#B8860B', '#56B4E9', '#7A4F9A', '#5F6B73', '#1A7D4C', '#A33B20'] as const;

/** The colour of the series at this position; after the tenth they repeat with a dash (see ReportChart). */
export function seriesColour(index: number): string {
  return SERIES_COLOURS[index % SERIES_COLOURS.length]!;
}

/** Suspected problems (unreviewed detections): a neutral grey, drawn dashed, so they never read as a problem's own line. */
export const SUSPECTED_COLOUR = '#78716c';

/** The grower's target in a crop balance report: near-black, dashed, a reference line rather than a room. */
export const TARGET_COLOUR = '#292524';
