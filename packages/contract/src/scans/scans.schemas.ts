import { z } from 'zod';
import { CalendarDate, DateTime, Id, Int4 } from '../common/fields.js';
import type { AiModel } from '../common/constants.js';

/** What a scan is of: one grid box (plant position), a grid, or a whole room. */
export const SCAN_TYPES = ['box', 'grid', 'room'] as const;
export type ScanType = (typeof SCAN_TYPES)[number];

/** What the engine saw in a photo. */
export const SCAN_KINDS = ['leaf', 'sticky_trap', 'unknown'] as const;
export type ScanKind = (typeof SCAN_KINDS)[number];

/**
 * A scan's state: `needs_review` while a detection is neither confirmed, corrected nor rejected,
 * `reviewed` once every one is, `clear` when the engine found nothing and doubted nothing, `uncertain`
 * ("Not sure: check by eye") when it found nothing but doubted a photo (its reasons are in the photo's
 * `analysis.doubts`): never a "clear" it is not sure of.
 */
export const SCAN_STATUSES = ['needs_review', 'reviewed', 'clear', 'uncertain'] as const;
export type ScanStatus = (typeof SCAN_STATUSES)[number];

export const DETECTION_REVIEWS = ['pending', 'confirmed', 'corrected', 'rejected'] as const;
export type DetectionReview = (typeof DETECTION_REVIEWS)[number];

/** What a scout does with a detection. */
export const REVIEW_ACTIONS = ['confirm', 'correct', 'reject'] as const;
export type ReviewAction = (typeof REVIEW_ACTIONS)[number];

/**
 * What each built-in model files from the measured analysis: the leaf symptoms (the engine's labels; empty
 * for none) and whether it counts sticky-card insects. The server runs its built-in models with it and the
 * phone selects its own findings with it, offline too (docs/decisions.md, "One analysis everywhere").
 */
export const BUILTIN_MODEL_FINDINGS: Record<AiModel, { leaf: readonly string[]; trap: boolean }> = {
  plantDiseaseRecognition: { leaf: ['chlorotic', 'necrotic', 'powdery', 'dark_spot'], trap: true },
  pestDetection: { leaf: [], trap: true },
  stickyTrapCounter: { leaf: [], trap: true },
  nutrientDeficiency: { leaf: ['chlorotic'], trap: false },
};

/** Photos in one scan, and one model's name: a file name in AI_MODEL_DIR or a built-in engine's name. */
export const SCAN_MAX_IMAGES = 8;
export const AI_MODEL_NAME_MAX = 64;
export const SCAN_HISTORY_PER_PAGE_DEFAULT = 20;
export const SCAN_HISTORY_PER_PAGE_MAX = 100;
/** The phone's own answer (offline analysis) kept beside the server's: bounded JSON text. */
export const CLIENT_ANALYSIS_MAX_CHARS = 64_000;

export const ScanPage = Int4(1).default(1);
export const ScanPerPage = (def: number, max: number) =>
  Int4(1).max(max, { error: `must be at most ${max}` }).default(def);

/** A model name: letters, digits, dot, dash, underscore (it names a file, so never a path). */
export const AiModelName = z
  .string({ error: 'must be a model name' })
  .trim()
  .min(1, { error: 'is required' })
  .max(AI_MODEL_NAME_MAX, { error: `must be at most ${AI_MODEL_NAME_MAX} characters` })
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, { error: 'must be a model name (letters, digits, ".", "-", "_")' });

export const ScanTypeSchema = z.enum(SCAN_TYPES, { error: `must be one of ${SCAN_TYPES.join(', ')}` });
export const ScanStatusSchema = z.enum(SCAN_STATUSES, { error: `must be one of ${SCAN_STATUSES.join(', ')}` });
export const ReviewActionSchema = z.enum(REVIEW_ACTIONS, { error: `must be one of ${REVIEW_ACTIONS.join(', ')}` });

/** JSON text of an object (the phone's analysis), or absent. */
export const ClientAnalysisInput = z
  .string({ error: 'must be JSON text' })
  .max(CLIENT_ANALYSIS_MAX_CHARS, { error: `must be at most ${CLIENT_ANALYSIS_MAX_CHARS} characters` })
  .transform((text, ctx) => {
    try {
      const value: unknown = JSON.parse(text);
      if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
    } catch {
      // falls through to the issue below
    }
    ctx.addIssue({ code: 'custom', message: 'must be a JSON object' });
    return z.NEVER;
  });

/**
 * Where on the photo: a box or a polygon in fractions of the photo's width and height (0 … 1, from the
 * top-left corner of the photo as shown, EXIF rotation applied), so it can be drawn over any rendition.
 */
const Unit = z.number().min(0).max(1);
export const ScanRegion = z.discriminatedUnion('type', [
  z.object({ type: z.literal('box'), x: Unit, y: Unit, width: Unit, height: Unit }),
  z.object({ type: z.literal('polygon'), points: z.array(z.tuple([Unit, Unit])) }),
]);
export type ScanRegion = z.infer<typeof ScanRegion>;

/** Which engine answered: every scan answer names it. */
export const ScanEngine = z.object({
  /** The model asked for (the company's ai_model, or the one sent). */
  ai_model: z.string(),
  /** `verdant-vision` (the built-in measured analysis) or `onnxruntime` (a configured classifier). */
  engine: z.string(),
  engine_version: z.string(),
  /** The model that produced the detections: the built-in analysis's name, or the ONNX file's name. */
  model: z.string(),
  /** The built-in analysis's version, or the first 12 hex digits of the ONNX file's SHA-256. */
  model_version: z.string(),
});
export type ScanEngine = z.infer<typeof ScanEngine>;

export const ScanDetection = z.object({
  detection_id: z.number(),
  scan_image_id: z.number(),
  /** The engine's own label (a finding such as `chlorosis`, or the ONNX label). */
  label: z.string(),
  /** The library problem it maps to (null when the label names none). */
  problem_id: z.number().nullable(),
  problem: z.string().nullable(),
  /** 0 … 1. */
  confidence: z.number(),
  /** Share of the leaf affected, in percent (leaf analysis), or null. */
  affected_percent: z.number().nullable(),
  /** Insects counted (sticky trap), or null. */
  count: z.number().nullable(),
  /** On the observation scale 1 … 5, or null. */
  severity: z.number().nullable(),
  regions: z.array(ScanRegion),
  review: z.enum(DETECTION_REVIEWS),
  /** The problem the scout chose instead (review `corrected`). */
  corrected_problem_id: z.number().nullable(),
  corrected_problem: z.string().nullable(),
  reviewed_by: z.number().nullable(),
  reviewed_at: z.string().nullable(),
  /** The problem observation filed for it (null once rejected, or when it maps to no problem). */
  observation_id: z.number().nullable(),
  observation_status: z.string().nullable(),
  /**
   * `engine`, or `reviewer` for a problem the engine missed (its engine fields then say it saw nothing). The
   * reviewer's count, share and regions are kept beside the engine's (null = the engine's stands).
   */
  origin: z.enum(['engine', 'reviewer']),
  reviewed_count: z.number().nullable(),
  reviewed_affected_percent: z.number().nullable(),
  reviewed_regions: z.array(ScanRegion).nullable(),
});
export type ScanDetection = z.infer<typeof ScanDetection>;

export const ScanImage = z.object({
  scan_image_id: z.number(),
  position: z.number(),
  image_url: z.string(),
  thumb_url: z.string(),
  width: z.number(),
  height: z.number(),
  kind: z.enum(SCAN_KINDS),
  /**
   * The engine's measurements for this photo (area shares, trap counts and size classes, top labels), with
   * `doubts` (why it is not sure: DOUBT_CODES of @verdant/vision, empty when sure) and `looked_at` (the leaf
   * or card it measured, a region; null when it found neither).
   */
  analysis: z.record(z.string(), z.unknown()),
});
export type ScanImage = z.infer<typeof ScanImage>;

export const ScanSummary = z.object({
  scan_id: z.number(),
  scan_type: z.enum(SCAN_TYPES),
  status: z.enum(SCAN_STATUSES),
  kind: z.enum(SCAN_KINDS),
  RoomID: z.number().nullable(),
  RoomName: z.string().nullable(),
  GridID: z.number().nullable(),
  GridName: z.string().nullable(),
  GridBoxID: z.number().nullable(),
  BoxName: z.string().nullable(),
  ...ScanEngine.shape,
  image_count: z.number(),
  detection_count: z.number(),
  /** Problems found, by name, for the list (rejected ones left out; corrections shown as corrected). */
  problems: z.array(z.string()),
  thumb_url: z.string().nullable(),
  captured_at: z.string(),
  created_at: z.string(),
  created_by: z.number().nullable(),
  created_by_name: z.string().nullable(),
});
export type ScanSummary = z.infer<typeof ScanSummary>;

export const ScanDetails = ScanSummary.extend({
  images: z.array(ScanImage),
  detections: z.array(ScanDetection),
  /** What the phone answered offline, as it sent it (null when it sent none). */
  client_analysis: z.record(z.string(), z.unknown()).nullable(),
});
export type ScanDetails = z.infer<typeof ScanDetails>;

/** A model the server offers for `ai_model`. */
export const AiModelInfo = z.object({
  name: z.string(),
  /** `builtin`: the measured image analysis; `onnx`: a classifier from AI_MODEL_DIR. */
  type: z.enum(['builtin', 'onnx']),
  engine: z.string(),
  engine_version: z.string(),
  model_version: z.string(),
  /** What it looks for: leaf problems, sticky-trap insects, or both (built-in), or the labels' problems. */
  analyses: z.array(z.enum(['leaf', 'sticky_trap', 'classifier'])),
  labels: z.array(z.string()),
  description: z.string(),
});
export type AiModelInfo = z.infer<typeof AiModelInfo>;

export const ScanHistoryFilters = {
  room_id: Id,
  grid_id: Id,
  start_date: CalendarDate,
  end_date: CalendarDate,
  status: ScanStatusSchema,
};

export const CapturedAt = DateTime;
