/**
 * In the browser: the room map's own paint functions on a fitted 100 × 100 grid, then every frame change
 * of 12 weekly frames timed from the new frame index to the painted canvas (the frame's paint data, boxes,
 * pressure, markers, labels — what GridMap's base layer does), and to the next animation frame.
 */
import type { GridBox } from '@verdant/contract';
import { guttersFor, viewLayout } from '../../packages/web/src/features/rooms/lib/map-geometry';
import { paintBoxes, paintLabels, paintMarkers } from '../../packages/web/src/features/rooms/lib/map-paint';
import { gridPressure, indexPressure } from '../../packages/web/src/features/rooms/map/lib/pressure-frames';
import { paintPressure } from '../../packages/web/src/features/rooms/map/lib/pressure-paint';

declare global {
  interface Window {
    runPressurePaint: (dpr: number) => Promise<{ paint: number[]; nextFrame: number[] }>;
  }
}

window.runPressurePaint = async (dpr: number) => {
  const n = 100;
  const boxes: GridBox[] = [];
  for (let y = 1; y <= n; y++) for (let x = 1; x <= n; x++) boxes.push({ id: (y - 1) * n + x, X: x, Y: y, Color: null, culled: false } as unknown as GridBox);
  // 12 frames where a hot patch drifts across the grid over a low background: many colours and outlines.
  const ids = boxes.map((b) => b.id);
  const values = Array.from({ length: 12 }, (_, f) =>
    boxes.map((b) => {
      const d = Math.hypot(b.X - (10 + f * 7), b.Y - (20 + f * 5));
      return d < 12 ? Math.round((12 - d) * 10) / 10 : (b.id * 7 + f) % 9 === 0 ? 0.5 : 0;
    }),
  );
  const idx = indexPressure({ GridBoxIDs: ids, values });
  const gutters = guttersFor(n);
  const cell = 8;
  const layout = viewLayout(n, n, cell, dpr, { width: gutters.left + n * (cell + 1) + 1, height: gutters.top + n * (cell + 1) + 1, panX: 0, panY: 0, gutters });
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(layout.viewWidth * layout.scale);
  canvas.height = Math.round(layout.viewHeight * layout.scale);
  canvas.style.width = `${layout.viewWidth}px`;
  document.body.append(canvas);
  const ctx = canvas.getContext('2d')!;
  const paint: number[] = [];
  const nextFrame: number[] = [];
  for (let round = 0; round < 3; round++) {
    for (let f = 0; f < 12; f++) {
      const t0 = performance.now();
      const p = gridPressure(boxes, values[f], idx, 3);
      paintBoxes(ctx, layout, boxes, { labels: false });
      paintPressure(ctx, layout, boxes, p);
      paintMarkers(ctx, layout, boxes);
      paintLabels(ctx, layout, gutters);
      ctx.getImageData(0, 0, 1, 1); // flush the canvas' queued drawing before stopping the clock
      paint.push(performance.now() - t0);
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      nextFrame.push(performance.now() - t0);
    }
  }
  return { paint, nextFrame };
};
