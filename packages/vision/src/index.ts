/** Plant-image analysis on RGBA pixel buffers, shared by the server (sharp) and the browser (canvas, in a worker). */
export * from './types.js';
export * from './problems.js';
