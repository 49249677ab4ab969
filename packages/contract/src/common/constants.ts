export const DEFAULT_AI_MODEL = 'plantDiseaseRecognition';
/** The scan models a company can choose; the first is the default. */
export const AI_MODELS = [DEFAULT_AI_MODEL, 'pestDetection', 'stickyTrapCounter', 'nutrientDeficiency'] as const;
export type AiModel = (typeof AI_MODELS)[number];

export const LANGUAGES = ['en', 'es', 'nl', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The overview's tiles, in their default order. */
export const DASHBOARD_TILES = [
  'quickview',
  'scanNow',
  'rooms',
  'batches',
  'plantsProblems',
  'tasks',
  'reports',
  'formbuilder',
  'automations',
  'scanHistory',
  'observations',
  'treatmentProduct',
] as const;
export type DashboardTile = (typeof DASHBOARD_TILES)[number];

export const DEFAULT_GRID_OPACITY = 1;
export const DEFAULT_STICKYTRAP_RENDER = 1;
export const TOAST_DURATION_MS = 3000;
export const QR_SIZE_DEFAULT = 256;
export const PASSWORD_MIN_LENGTH = 8;
