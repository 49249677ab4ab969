import { useEffect, useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PressureStep } from '@verdant/contract';
import { roomPressureQuery } from '../../../../api/queries/pressure';
import { gridPressure, indexPressure, type PressurePaint } from '../lib/pressure-frames';
import type { MapGrid } from './grid-map';

/** How long a frame shows while playing: long enough to read the map, 12 weeks in under 10 seconds. */
export const PLAY_FRAME_MS = 800;

/**
 * The "Pressure over time" mode of a room map: one read holds every frame of the range, so the slider
 * and play only pick a frame and repaint from the loaded arrays (no request per frame).
 */
export function usePressureMode(companyId: number, roomId: number, grids: readonly MapGrid[], enabled: boolean) {
  const [step, setStepState] = useState<PressureStep>('week');
  const [problem, setProblemState] = useState<string | null>(null);
  const [chosenFrame, setChosenFrame] = useState<number | null>(null);
  const [playing, setPlaying] = useState(false);
  const query = useQuery({
    ...roomPressureQuery(companyId, roomId, step, problem),
    enabled: enabled && companyId > 0 && roomId > 0,
    placeholderData: keepPreviousData,
  });
  const data = query.data;
  const count = data?.frames.length ?? 0;
  // No choice yet (or a choice past a shorter range): the latest frame, today's.
  const frame = chosenFrame === null || chosenFrame >= count ? Math.max(0, count - 1) : chosenFrame;
  const idx = useMemo(() => (data ? indexPressure(data) : null), [data]);

  const paints = useMemo(() => {
    const out = new Map<number, PressurePaint>();
    if (!data || !idx) return out;
    for (const g of grids) out.set(g.id, gridPressure(g.grid_boxes, data.values[frame], idx, data.hot_threshold));
    return out;
  }, [data, idx, grids, frame]);

  useEffect(() => {
    if (!playing || !enabled || count === 0) return;
    const timer = setInterval(() => {
      setChosenFrame((f) => {
        const next = (f === null || f >= count ? count - 1 : f) + 1;
        if (next >= count - 1) setPlaying(false);
        return Math.min(next, count - 1);
      });
    }, PLAY_FRAME_MS);
    return () => clearInterval(timer);
  }, [playing, enabled, count]);

  return {
    query,
    data,
    step,
    problem,
    frame,
    count,
    max: idx?.max ?? 0,
    playing,
    paints,
    boxesWithPressure: [...paints.values()].reduce((n, p) => n + p.values.size, 0),
    hotSpots: [...paints.values()].reduce((n, p) => n + p.hotSpotCount, 0),
    setFrame: (f: number) => {
      setPlaying(false);
      setChosenFrame(f);
    },
    setStep: (s: PressureStep) => {
      setPlaying(false);
      setChosenFrame(null);
      setStepState(s);
    },
    setProblem: (p: string | null) => setProblemState(p),
    /** Play from the start when at the end; pause where it is otherwise. */
    togglePlay: () => {
      if (playing) return setPlaying(false);
      if (frame >= count - 1) setChosenFrame(0);
      setPlaying(count > 1);
    },
  };
}

export type PressureMode = ReturnType<typeof usePressureMode>;
