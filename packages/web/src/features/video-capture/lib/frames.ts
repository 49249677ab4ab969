import { SCAN_MAX_IMAGES } from '@verdant/contract';
import { ALL_FINDINGS, findingsOf as analysisFindings, type Analysis, type FindingSelection, type RgbaImage } from '@verdant/vision';

/** Seconds between two sampled frames unless the user picks another interval. */
export const DEFAULT_INTERVAL_S = 2;
/** Intervals offered, in seconds. */
export const INTERVALS_S = [1, 2, 3, 5, 10] as const;
/** Most frames sampled from one recording or one video file. */
export const MAX_FRAMES = 30;
/** Most frames one scan carries (create_scan's own limit). */
export const MAX_SENT = SCAN_MAX_IMAGES;
/** Longest side of a sampled frame in pixels: enough for the analysis, small enough to send 8 over a phone link. */
export const FRAME_MAX_SIDE = 1280;

/** One picture taken from the video: the JPEG that is sent and the pixels that are analysed. */
export interface GrabbedFrame {
  jpeg: Blob;
  pixels: RgbaImage;
}

export type FrameState = { status: 'analysing' } | { status: 'done'; analysis: Analysis } | { status: 'failed'; error: string };

export interface SampledFrame {
  id: number;
  /** Seconds from the start of the recording or the file. */
  at: number;
  jpeg: Blob;
  /** Object URL of the JPEG, for the strip. */
  url: string;
  state: FrameState;
}

/** What one frame shows, as the strip lists it: a problem with the share of the leaf or the insects counted. */
export interface FrameFinding {
  problem: string;
  affectedPercent: number | null;
  count: number | null;
}

/** The times (s) at which a video of `durationS` is sampled: 0, N, 2N … before its end, at most `max`. */
export function sampleTimes(durationS: number, intervalS: number, max = MAX_FRAMES): number[] {
  if (!Number.isFinite(durationS) || durationS <= 0 || !(intervalS > 0)) return [];
  const times: number[] = [];
  for (let t = 0; t < durationS && times.length < max; t += intervalS) times.push(Math.round(t * 1000) / 1000);
  return times;
}

/**
 * The findings of one frame's analysis that the company's model files (leaf symptoms with their share, or
 * insects on a card by size class): @verdant/vision's findingsOf, the one the server and Scan now use.
 */
export function findingsOf(a: Analysis, selection: FindingSelection = ALL_FINDINGS): FrameFinding[] {
  return analysisFindings(a, selection, 0).map((f) => ({ problem: f.problemName, affectedPercent: f.affectedPercent, count: f.count }));
}

/** How much a frame shows: the affected share of a leaf, or the insects on a card; -1 when it shows neither. */
function weight(frame: SampledFrame): number {
  if (frame.state.status !== 'done') return -2;
  const a = frame.state.analysis;
  if (a.kind === 'leaf') return a.leaf.affectedFraction * 100;
  if (a.kind === 'sticky_trap') return a.trap.counts.reduce((n, c) => n + c.count, 0);
  return -1;
}

/**
 * The frames proposed for the scan once all are analysed: those that show the most (largest affected
 * share or most insects), then leaves and cards without findings, never frames that show neither; at most
 * `max`, in the order they were taken.
 */
export function proposeFrames(frames: SampledFrame[], max = MAX_SENT): number[] {
  return frames
    .filter((f) => weight(f) >= 0)
    .sort((a, b) => weight(b) - weight(a) || a.at - b.at)
    .slice(0, max)
    .sort((a, b) => a.at - b.at)
    .map((f) => f.id);
}

/** "0:04": a frame's time in the video. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** Where the frames were taken: a room, optionally one of its grids, optionally one box of that grid. */
