import { describe, expect, it, vi } from 'vitest';
import type { ProblemColorMapping } from '@verdant/contract';
import { mapLayout } from '../lib/map-geometry';
import { boxProblemStyles, paintProblems, problemLegend, type ProblemCircleData } from '../lib/problem-paint';
import { makeRoom } from '../../../testing/room-fixtures';

const circle = (Problem: string, extra: Partial<ProblemCircleData> = {}): ProblemCircleData => ({
  Problem, count: 1, max_severity: 2, last_observed_at: '2026-01-05T08:00:00.000Z', Color: '#ef4444', Abbreviation: Problem.slice(0, 2).toUpperCase(), ...extra,
});

describe('problem colours on the map', () => {
  it('fills a box in the colour of its most severe, then most frequent, open problem', () => {
    const styles = boxProblemStyles([
      { GridBoxID: 1, circles: [circle('Aphids', { count: 5, Color: '#22c55e' }), circle('Thrips', { max_severity: 4, Color: '#eab308' })] },
      { GridBoxID: 2, circles: [circle('Aphids', { count: 1, Color: '#22c55e' }), circle('Whitefly', { count: 3, Color: '#3b82f6' })] },
      { GridBoxID: 3, circles: [] },
    ]);
    expect(styles.get(1)?.fill).toBe('#eab308');
    expect(styles.get(1)?.problems.map((p) => p.problem)).toEqual(['Thrips', 'Aphids']);
    expect(styles.get(2)?.fill).toBe('#3b82f6');
    expect(styles.has(3)).toBe(false);
  });

  it("prefers the company's colour and abbreviation known on this device, and invents an abbreviation when none is set", () => {
    const mapping: ProblemColorMapping = { id: 1, CompanyID: 3, Problem: 'Thrips', Color: '#7c3aed', Abbreviation: 'TR', updated_at: '' };
    const styles = boxProblemStyles(
      [{ GridBoxID: 1, circles: [circle('thrips', { Abbreviation: '' }), circle('Spider mites', { Abbreviation: '', max_severity: 1 })] }],
      new Map([['thrips', mapping]]),
    );
    expect(styles.get(1)?.problems).toMatchObject([
      { problem: 'thrips', color: '#7c3aed', abbreviation: 'TR' },
      { problem: 'Spider mites', color: '#ef4444', abbreviation: 'SM' },
    ]);
    // No abbreviation sent or mapped: the library's own, else initials.
    expect(boxProblemStyles([{ GridBoxID: 2, circles: [circle('Made-up blight', { Abbreviation: '' })] }]).get(2)?.problems[0]?.abbreviation).toBe('MUB');
  });

  it('lists the problems present in the room for the legend, most widespread first', () => {
    const a = boxProblemStyles([
      { GridBoxID: 1, circles: [circle('Thrips', { count: 2 })] },
      { GridBoxID: 2, circles: [circle('Thrips'), circle('Aphids')] },
    ]);
    const b = boxProblemStyles([{ GridBoxID: 9, circles: [circle('Aphids', { count: 4 })] }]);
    expect(problemLegend([a, b])).toEqual([
      { problem: 'Aphids', color: '#ef4444', abbreviation: 'AP', boxes: 2, observations: 5 },
      { problem: 'Thrips', color: '#ef4444', abbreviation: 'TH', boxes: 2, observations: 3 },
    ]);
  });

  it('writes abbreviations in the text colour that reads on each fill (readableTextOn)', () => {
    const grid = makeRoom({ nx: 2, ny: 1 }).grids[0]!;
    const styles = boxProblemStyles([
      { GridBoxID: grid.grid_boxes[0]!.id, circles: [circle('Thrips', { Color: '#fde047', Abbreviation: 'TH' })] },
      { GridBoxID: grid.grid_boxes[1]!.id, circles: [circle('Aphids', { Color: '#1d4ed8', Abbreviation: 'AP' })] },
    ]);
    const written: Array<[string, string]> = [];
    const ctx = {
      fillStyle: '',
      setTransform: vi.fn(), beginPath: vi.fn(), rect: vi.fn(), moveTo: vi.fn(), arc: vi.fn(), stroke: vi.fn(), fill: vi.fn(),
      fillText(t: string) { written.push([t, this.fillStyle]); },
    };
    paintProblems(ctx as unknown as CanvasRenderingContext2D, mapLayout(2, 1, 40, 1), grid.grid_boxes, styles);
    expect(written).toEqual([['TH', '#1c1917'], ['AP', '#ffffff']]);
  });

  it('paints one fill per colour for 10,000 boxes, and up to 3 circles then "+n"', () => {
    const grid = makeRoom({ nx: 100, ny: 100 }).grids[0]!;
    const colours = ['#ef4444', '#22c55e', '#3b82f6'];
    const styles = boxProblemStyles(
      grid.grid_boxes.map((b, i) => ({ GridBoxID: b.id, circles: [circle(`P${i % 3}`, { Color: colours[i % 3]!, max_severity: 3 })] })),
    );
    const fills: string[] = [];
    const texts: string[] = [];
    const ctx = {
      fillStyle: '',
      setTransform: vi.fn(), beginPath: vi.fn(), rect: vi.fn(), moveTo: vi.fn(), arc: vi.fn(), stroke: vi.fn(),
      fill() { fills.push(this.fillStyle); },
      fillText: (t: string) => texts.push(t),
    };
    paintProblems(ctx as unknown as CanvasRenderingContext2D, mapLayout(100, 100, 16, 1), grid.grid_boxes, styles);
    expect(fills).toEqual(colours);
    expect(texts).toHaveLength(0);

    fills.length = 0;
    const box = grid.grid_boxes[0]!;
    const many = boxProblemStyles([{ GridBoxID: box.id, circles: ['A1', 'B2', 'C3', 'D4', 'E5'].map((p, i) => circle(p, { max_severity: 5 - i })) }]);
    paintProblems(ctx as unknown as CanvasRenderingContext2D, mapLayout(100, 100, 36, 1), grid.grid_boxes, many);
    expect(texts).toEqual(['A1', 'B2', 'C3', '+2']);
  });
});
