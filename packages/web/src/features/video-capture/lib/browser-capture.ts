import type { Analysis, RgbaImage } from '@verdant/vision';
import { analysePixels } from '../../../lib/on-device-analysis';
import { FRAME_MAX_SIDE, sampleTimes, type GrabbedFrame } from './frames';

/**
 * What the screen needs from the browser: the camera, a frame from a playing video, the frames of a
 * video file, a repeating timer and the analysis. The screen takes them as one object so its tests can
 * hand it generated frames instead of a camera.
 */
export interface CaptureDevice {
  /** False where the page cannot ask for a camera at all (no mediaDevices, or not a secure page). */
  cameraSupported(): boolean;
  /** The rear camera's stream; rejects with the browser's error (NotAllowedError, NotFoundError …). */
  openCamera(): Promise<MediaStream>;
  /** Shows a stream in the preview element (null detaches it). */
  attach(video: HTMLVideoElement, stream: MediaStream | null): void;
  /** The frame the video shows now. */
  grab(video: HTMLVideoElement): Promise<GrabbedFrame>;
  /** Frames of a video file every `intervalS` seconds (at most MAX_FRAMES), handed over one by one. */
  readFile(file: File, intervalS: number, onFrame: (at: number, frame: GrabbedFrame) => void, signal: AbortSignal): Promise<void>;
  /** Calls `fn` every `ms` until the returned function is called. */
  every(ms: number, fn: () => void): () => void;
  analyse(pixels: RgbaImage): Promise<Analysis>;
}

/** Thrown when the file is not a video this browser can play. */
export class UnplayableVideoError extends Error {
  constructor() {
    super('unplayable video');
    this.name = 'UnplayableVideoError';
  }
}

/** Draws the video's current picture on a canvas, at most FRAME_MAX_SIDE on its long side. */
async function grabFrame(video: HTMLVideoElement): Promise<GrabbedFrame> {
  const { videoWidth: w, videoHeight: h } = video;
  if (!w || !h) throw new Error('The video has no picture yet.');
  const scale = Math.min(1, FRAME_MAX_SIDE / Math.max(w, h));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(w * scale);
  canvas.height = Math.round(h * scale);
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) throw new Error('This browser cannot draw video frames.');
  ctx.drawImage(video, 0, 0, canvas.width, canvas.height);
  const image = ctx.getImageData(0, 0, canvas.width, canvas.height, { colorSpace: 'srgb' });
  const jpeg = await new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('This browser cannot make a JPEG of the frame.'))), 'image/jpeg', 0.9),
  );
  return { jpeg, pixels: { data: image.data, width: canvas.width, height: canvas.height } };
}

function once(target: HTMLVideoElement, event: string, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      target.removeEventListener(event, done);
      target.removeEventListener('error', failed);
      resolve();
    };
    const failed = () => {
      target.removeEventListener(event, done);
      reject(new UnplayableVideoError());
    };
    target.addEventListener(event, done, { once: true });
    target.addEventListener('error', failed, { once: true });
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}

/** The length of a loaded video; a recording without a duration in its header (MediaRecorder's WebM) is sought to its end first. */
async function durationOf(video: HTMLVideoElement, signal: AbortSignal): Promise<number> {
  if (Number.isFinite(video.duration)) return video.duration;
  const known = once(video, 'durationchange', signal);
  video.currentTime = Number.MAX_SAFE_INTEGER;
  await known;
  const duration = video.duration;
  video.currentTime = 0;
  await once(video, 'seeked', signal);
  return duration;
}

async function readFile(file: File, intervalS: number, onFrame: (at: number, frame: GrabbedFrame) => void, signal: AbortSignal) {
  const url = URL.createObjectURL(file);
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.preload = 'auto';
  try {
    const loaded = once(video, 'loadeddata', signal);
    video.src = url;
    await loaded;
    for (const at of sampleTimes(await durationOf(video, signal), intervalS)) {
      const sought = once(video, 'seeked', signal);
      video.currentTime = at;
      await sought;
      onFrame(at, await grabFrame(video));
    }
  } finally {
    video.removeAttribute('src');
    video.load();
    URL.revokeObjectURL(url);
  }
}

export const browserCapture: CaptureDevice = {
  cameraSupported: () => typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function',
  openCamera: () => navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 } }, audio: false }),
  attach: (video, stream) => {
    video.srcObject = stream;
    if (stream) void video.play().catch(() => undefined);
  },
  grab: grabFrame,
  readFile,
  every: (ms, fn) => {
    const timer = window.setInterval(fn, ms);
    return () => window.clearInterval(timer);
  },
  analyse: analysePixels,
};
