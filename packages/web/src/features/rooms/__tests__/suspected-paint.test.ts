import { describe, expect, it, vi } from 'vitest';
import { mapLayout } from '../lib/map-geometry';
import { boxesWithOpenProblems, boxProblemStyles, paintProblems, problemLegend, suspectedLegend, type ProblemCircleData } from '../lib/problem-paint';
import { makeRoom } from '../../../testing/room-fixtures';

const circle = (Problem: string): ProblemCircleData => ({
  Problem, count: 1, max_severity: 2, last_observed_at: '2026-01-05T08:00:00.000Z', Color: '#ef4444', Abbreviation: Problem.slice(0, 2).toUpperCase(),
});
const suspect = (count: number, confidence: number) => ({ Problem: 'Powdery mildew', count, max_severity: null, last_observed_at: '2026-01-05T08:00:00.000Z', confidence });

describe('suspected problems on the map (issue 18)', () => {
  it('keeps a box with suspected problems only, without a fill, and counts them apart from the open ones', () => {
    const styles = boxProblemStyles([
      { GridBoxID: 1, circles: [], suspected: [suspect(2, 0.61), suspect(1, 0.84)] },
      { GridBoxID: 2, circles: [circle('Thrips')], suspected: [suspect(1, 0.5)] },
      { GridBoxID: 3, circles: [circle('Aphids')] },
      { GridBoxID: 4, circles: [], suspected: [] },
    ]);
    expect(styles.get(1)).toEqual({ fill: null, problems: [], suspected: { count: 3, confidence: 0.84 } });
    expect(styles.get(2)).toMatchObject({ fill: '#ef4444', suspected: { count: 1, confidence: 0.5 } });
    expect(styles.get(3)?.suspected).toBeUndefined();
    expect(styles.has(4)).toBe(false);
    // The open problems' legend is not changed by suspected ones; they have their own line.
    expect(problemLegend([styles]).map((e) => [e.problem, e.boxes])).toEqual([['Aphids', 1], ['Thrips', 1]]);
    expect(suspectedLegend([styles])).toEqual({ boxes: 2, observations: 4, confidence: 0.84 });
    // "n boxes with problems" under a grid counts open problems only.
    expect(boxesWithOpenProblems(styles)).toBe(2);
    expect(suspectedLegend([boxProblemStyles([{ GridBoxID: 3, circles: [circle('Aphids')] }])])).toBeNull();
  });

  it('draws a dashed outline for each box with suspected problems, in one stroke, and fills only boxes with open ones', () => {
    const grid = makeRoom({ nx: 2, ny: 1 }).grids[0]!;
    const [first, second] = grid.grid_boxes;
    const styles = boxProblemStyles([
      { GridBoxID: first!.id, circles: [], suspected: [suspect(1, 0.9)] },
      { GridBoxID: second!.id, circles: [circle('Thrips')] },
    ]);
    const fills: string[] = [];
    const dashes: number[][] = [];
    const rects: number[] = [];
    const ctx = {
      fillStyle: '', strokeStyle: '', globalAlpha: 1, lineWidth: 1, font: '', textAlign: '', textBaseline: '',
      setTransform: vi.fn(), beginPath: vi.fn(), moveTo: vi.fn(), arc: vi.fn(), fillText: vi.fn(), save: vi.fn(), restore: vi.fn(),
      rect: () => rects.push(1),
      fill() { fills.push(this.fillStyle); },
      stroke: vi.fn(),
      setLineDash: (d: number[]) => dashes.push(d),
      measureText: () => ({ width: 10 }),
    };
    paintProblems(ctx as unknown as CanvasRenderingContext2D, mapLayout(2, 1, 40, 1), grid.grid_boxes, styles);
    expect(fills).toEqual(['#ef4444']);
    expect(dashes).toHaveLength(1);
    expect(ctx.stroke).toHaveBeenCalled();
    // One fill rectangle for the open box, one outline for the suspected one.
    expect(rects).toHaveLength(2);
  });
});
