import { benchGrid, markPainted, SIDE } from './data';

/** The baseline: the same 10,000 boxes as plain fillRect calls on one devicePixelRatio-aware canvas. */
const grid = benchGrid();
const cell = 24;
const gap = 2;
const size = SIDE * (cell + gap) + gap;
const dpr = window.devicePixelRatio || 1;
const canvas = document.createElement('canvas');
canvas.width = size * dpr;
canvas.height = size * dpr;
canvas.style.width = `${size}px`;
canvas.style.height = `${size}px`;
document.getElementById('root')!.append(canvas);
const ctx = canvas.getContext('2d')!;
ctx.scale(dpr, dpr);
for (const b of grid.grid_boxes) {
  ctx.fillStyle = b.culled ? '#d6d3d1' : (b.Color ?? '#ffffff');
  ctx.fillRect(gap + (b.X - 1) * (cell + gap), gap + (b.Y - 1) * (cell + gap), cell, cell);
}
markPainted();
