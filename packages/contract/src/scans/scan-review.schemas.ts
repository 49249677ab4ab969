import { z } from 'zod';

/**
 * Corrections that teach (issue 18): what a reviewer may send about a detection, and the Scan quality answer.
 * Regions are fractions of the photo as shown (0 … 1, see ScanRegion in scans.schemas.ts); a region that
 * leaves the photo is a 400 naming it.
 */
export const REVIEW_REGIONS_MAX = 50;
export const REVIEW_POLYGON_POINTS_MAX = 200;
/** A reviewer's count on a card: a whole number, 0 … this. */
export const REVIEW_COUNT_MAX = 100_000;

/**
 * Field agreement: the share of a model version's reviewed detections that reviewers confirmed unchanged
 * (docs/decisions.md, "Scan corrections (issue 18)"). Poor below the threshold, judged only from the minimum
 * sample of reviews on.
 */
export const AGREEMENT_POOR_BELOW = 0.7;
export const AGREEMENT_MIN_REVIEWS = 20;

const Fraction = z.number({ error: 'must be a number from 0 to 1' }).min(0, { error: 'must be inside the photo (0 to 1)' }).max(1, { error: 'must be inside the photo (0 to 1)' });

const BoxInput = z
  .object({ type: z.literal('box'), x: Fraction, y: Fraction, width: Fraction, height: Fraction })
  .refine((b) => b.width > 0 && b.height > 0, { error: 'must have a width and a height', path: ['width'] })
  .refine((b) => b.x + b.width <= 1 + 1e-9, { error: 'must be inside the photo (x + width at most 1)', path: ['width'] })
  .refine((b) => b.y + b.height <= 1 + 1e-9, { error: 'must be inside the photo (y + height at most 1)', path: ['height'] });

const PolygonInput = z.object({
  type: z.literal('polygon'),
  points: z
    .array(z.tuple([Fraction, Fraction]), { error: 'must be a list of [x, y] points' })
    .min(3, { error: 'must have at least 3 points' })
    .max(REVIEW_POLYGON_POINTS_MAX, { error: `must have at most ${REVIEW_POLYGON_POINTS_MAX} points` }),
});

/** A region a reviewer draws: a box or a polygon wholly inside the photo. */
export const ReviewRegionInput = z.discriminatedUnion('type', [BoxInput, PolygonInput], { error: 'must be a box or a polygon region' });

export const ReviewRegionsInput = z
  .array(ReviewRegionInput, { error: 'must be a list of regions' })
  .max(REVIEW_REGIONS_MAX, { error: `must hold at most ${REVIEW_REGIONS_MAX} regions` });

export const ReviewCount = z.number({ error: 'must be a number' }).int({ error: 'must be a whole number' }).min(0, { error: 'must be 0 or more' }).max(REVIEW_COUNT_MAX, { error: `must be at most ${REVIEW_COUNT_MAX}` });
export const ReviewAffectedPercent = z.number({ error: 'must be a number' }).min(0, { error: 'must be 0 or more' }).max(100, { error: 'must be at most 100' });

/** How reviewers answered one model version (and, per problem, one of its problems). */
const QualityCounts = {
  model: z.string(),
  model_version: z.string(),
  /** Reviewed detections: confirmed + corrected + rejected + added. */
  reviewed: z.number(),
  confirmed: z.number(),
  /** Engine detections the reviewer changed (problem, count, share or region). */
  corrected: z.number(),
  rejected: z.number(),
  /** Problems the engine missed that reviewers added. */
  added: z.number(),
  /** confirmed / reviewed, or null before any review. */
  agreement: z.number().nullable(),
  /** Mean |engine count − reviewer count| over reviewed card counts, or null without any. */
  count_error_mean: z.number().nullable(),
  count_samples: z.number(),
};

export const ModelQuality = z.object({
  ...QualityCounts,
  /** Agreement below AGREEMENT_POOR_BELOW with at least AGREEMENT_MIN_REVIEWS reviews. */
  poor: z.boolean(),
});
export type ModelQuality = z.infer<typeof ModelQuality>;

export const ProblemQuality = z.object({
  ...QualityCounts,
  problem_id: z.number().nullable(),
  /** The library problem, or the engine's label when it names none. */
  problem: z.string(),
});
export type ProblemQuality = z.infer<typeof ProblemQuality>;
