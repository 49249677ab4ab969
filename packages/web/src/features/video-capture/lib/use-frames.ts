import { useCallback, useEffect, useRef, useState } from 'react';
import type { CaptureDevice } from './browser-capture';
import { MAX_FRAMES, type GrabbedFrame, type SampledFrame } from './frames';

/**
 * The sampled frames of one capture and their analyses: each frame is analysed as soon as it is taken
 * (in the device's worker, one after another). A frame's object URL lives until the frames are cleared.
 */
export function useFrames(device: CaptureDevice) {
  const [frames, setFrames] = useState<SampledFrame[]>([]);
  const taken = useRef<SampledFrame[]>([]);
  const nextId = useRef(0);

  /** Adds a frame and starts its analysis; false once MAX_FRAMES are taken. */
  const add = useCallback(
    (at: number, grabbed: GrabbedFrame): boolean => {
      if (taken.current.length >= MAX_FRAMES) return false;
      const frame: SampledFrame = { id: ++nextId.current, at, jpeg: grabbed.jpeg, url: URL.createObjectURL(grabbed.jpeg), state: { status: 'analysing' } };
      const list = taken.current;
      taken.current = [...list, frame];
      setFrames(taken.current);
      const settle = (state: SampledFrame['state']) => {
        if (!taken.current.some((f) => f.id === frame.id)) return;
        taken.current = taken.current.map((f) => (f.id === frame.id ? { ...f, state } : f));
        setFrames(taken.current);
      };
      device.analyse(grabbed.pixels).then(
        (analysis) => settle({ status: 'done', analysis }),
        (err: unknown) => settle({ status: 'failed', error: err instanceof Error ? err.message : String(err) }),
      );
      return taken.current.length < MAX_FRAMES;
    },
    [device],
  );

  const clear = useCallback(() => {
    taken.current.forEach((f) => URL.revokeObjectURL(f.url));
    taken.current = [];
    setFrames([]);
  }, []);

  useEffect(() => () => taken.current.forEach((f) => URL.revokeObjectURL(f.url)), []);

  return { frames, add, clear, analysing: frames.filter((f) => f.state.status === 'analysing').length };
}
