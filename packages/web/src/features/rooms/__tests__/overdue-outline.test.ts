import { describe, expect, it } from 'vitest';
import { cellOrigin, mapLayout } from '../lib/map-geometry';
import { OVERDUE_OUTLINE, paintOverlay } from '../lib/map-paint';

/** A 2D context that records each rectangle of the path, and each stroke with its colour and dash. */
function recordingContext() {
  const rec = { rects: [] as Array<[number, number, number, number]>, strokes: [] as Array<{ colour: string; dash: number[]; rects: number }> };
  let dash: number[] = [];
  const ctx = {
    fillStyle: '',
    strokeStyle: '',
    lineWidth: 1,
    setTransform() {},
    clearRect() {},
    save() {},
    restore() {},
    clip() {},
    beginPath() { rec.rects = []; },
    rect(x: number, y: number, w: number, h: number) { rec.rects.push([x, y, w, h]); },
    setLineDash(d: number[]) { dash = d; },
    stroke() { rec.strokes.push({ colour: this.strokeStyle, dash, rects: rec.rects.length }); },
    fill() {},
    fillRect() {},
    strokeRect() {},
  };
  return { ctx: ctx as unknown as CanvasRenderingContext2D, rec };
}

describe('overdue outline', () => {
  it('outlines every overdue box in one dashed amber stroke inside its cell', () => {
    const { ctx, rec } = recordingContext();
    const l = mapLayout(3, 2, 30, 1);
    paintOverlay(ctx, l, { left: 0, top: 0 }, { chosen: [], overdue: [{ X: 1, Y: 1 }, { X: 3, Y: 2 }] });
    expect(rec.strokes).toEqual([{ colour: OVERDUE_OUTLINE, dash: [4, 3], rects: 2 }]);
    const [ox, oy] = cellOrigin(l, 3, 2);
    expect(rec.rects[1]).toEqual([ox + 1, oy + 1, 28, 28]);
  });

  it('draws nothing for a room with nothing overdue, and a plain thin line on tiny boxes', () => {
    const none = recordingContext();
    paintOverlay(none.ctx, mapLayout(3, 2, 30, 1), { left: 0, top: 0 }, { chosen: [], overdue: [] });
    expect(none.rec.strokes).toEqual([]);
    const tiny = recordingContext();
    paintOverlay(tiny.ctx, mapLayout(100, 100, 6, 1), { left: 0, top: 0 }, { chosen: [], overdue: [{ X: 5, Y: 5 }] });
    expect(tiny.rec.strokes).toEqual([{ colour: OVERDUE_OUTLINE, dash: [], rects: 1 }]);
  });
});
