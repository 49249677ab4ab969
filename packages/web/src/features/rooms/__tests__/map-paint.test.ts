import { describe, expect, it } from 'vitest';
import type { GridBox } from '@verdant/contract';
import { cellOrigin, mapLayout } from '../lib/map-geometry';
import { CONTENT_MARK_COLOR, contentMarkSizes, paintMarkers } from '../lib/map-paint';

const box = (X: number, Y: number, extra: Partial<GridBox> = {}): GridBox => ({
  id: X * 100 + Y, GridID: 1, X, Y, Color: null, Status: null, Content: null, ImageName: null, CustomName: null, culled: false, ...extra,
});

/** A 2D context that records the path drawn: arcs (plant dots), closed polygons by their first point, and each fill's colour. */
function recordingContext() {
  const rec = { arcs: [] as Array<[number, number, number]>, moves: [] as Array<[number, number]>, fills: [] as string[], strokes: [] as string[] };
  const ctx = {
    fillStyle: '',
    strokeStyle: '',
    lineWidth: 1,
    lineJoin: 'miter',
    setTransform() {},
    beginPath() {},
    closePath() {},
    lineTo() {},
    moveTo(x: number, y: number) { rec.moves.push([x, y]); },
    arc(x: number, y: number, r: number) { rec.arcs.push([x, y, r]); },
    fill() { rec.fills.push(this.fillStyle); },
    stroke() { rec.strokes.push(this.strokeStyle); },
  };
  return { ctx: ctx as unknown as CanvasRenderingContext2D, rec };
}

describe('map markers', () => {
  it('draws a plant dot in the top-right corner of a box with plants, and none on an empty box', () => {
    const l = mapLayout(3, 1, 40, 1);
    const { ctx, rec } = recordingContext();
    paintMarkers(ctx, l, [box(1, 1), box(2, 1, { PlantCount: 4, SubGridboxCount: 4 }), box(3, 1, { PlantCount: 0, SubGridboxCount: 0 })]);
    const { inset, radius } = contentMarkSizes(l.cell);
    const [x, y] = cellOrigin(l, 2, 1);
    expect(rec.arcs).toEqual([[x + l.cell - inset - radius, y + inset + radius, radius]]);
    // Over any problem colour: a white halo stroked under a dark fill.
    expect(rec.strokes).toContain('#ffffff');
    expect(rec.fills).toContain(CONTENT_MARK_COLOR);
  });

  it('draws the sub-box tick bottom-right, also for sub-boxes without plants, apart from the named notch', () => {
    const l = mapLayout(3, 1, 24, 1);
    const { ctx, rec } = recordingContext();
    paintMarkers(ctx, l, [box(1, 1, { CustomName: 'Mother A' }), box(2, 1, { SubGridboxCount: 2, PlantCount: 0 }), box(3, 1)]);
    expect(rec.arcs).toEqual([]);
    const { inset, tick } = contentMarkSizes(l.cell);
    const [nx, ny] = cellOrigin(l, 1, 1);
    const [sx, sy] = cellOrigin(l, 2, 1);
    // The notch starts at the named box's top-left corner; the tick at the sub-boxes' bottom-right.
    expect(rec.moves).toEqual([[nx, ny], [sx + l.cell - inset - tick, sy + l.cell - inset]]);
  });

  it('reads a box from an older device copy (no counts) as empty, and skips marks below 6 px', () => {
    const { ctx, rec } = recordingContext();
    paintMarkers(ctx, mapLayout(1, 1, 30, 1), [box(1, 1)]);
    expect(rec).toMatchObject({ arcs: [], moves: [], fills: [] });
    paintMarkers(ctx, mapLayout(1, 1, 5, 1), [box(1, 1, { PlantCount: 1, SubGridboxCount: 1 })]);
    expect(rec).toMatchObject({ arcs: [], moves: [], fills: [] });
  });

  it('keeps 10,000 boxes with plants and sub-boxes to one fill per kind', () => {
    const boxes: GridBox[] = [];
    for (let y = 1; y <= 100; y++) for (let x = 1; x <= 100; x++) boxes.push(box(x, y, { PlantCount: 1, SubGridboxCount: 1, CustomName: x === y ? 'n' : null }));
    const { ctx, rec } = recordingContext();
    paintMarkers(ctx, mapLayout(100, 100, 8, 1), boxes);
    expect(rec.arcs).toHaveLength(10_000);
    expect(rec.fills).toHaveLength(3);
  });
});
