/** Plant-image analysis on RGBA pixel buffers, shared by the server (sharp) and the browser (canvas, in a worker). */
export * from './types.js';
export * from './problems.js';
export { analyseImage, ENGINE, UNKNOWN_REASON, DEFAULT_MAX_SIDE, DEFAULT_CARD_LONG_SIDE_MM, MIN_SIDE } from './analyse.js';
export { downscale, type Scaled } from './downscale.js';
export { severityOf, confidenceOf, MIN_FINDING_FRACTION } from './leaf.js';
export { SIZE_RULE } from './trap.js';
export * from './findings.js';
