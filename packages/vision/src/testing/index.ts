/** Test images with known content, for the vision tests here and the server and browser tests that use the library. */
export { makeLeafImage, type LeafImage, type LeafImageOptions } from './leaf-image.js';
export { makeCardImage, type CardImage, type CardImageOptions, type DrawnInsect } from './card-image.js';
export { makeSkyImage, makeGreyNoiseImage, makeRedObjectImage } from './other-images.js';
export { seededRandom } from './rng.js';
