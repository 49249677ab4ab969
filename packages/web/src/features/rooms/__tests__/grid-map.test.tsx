import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { GridMap } from '../components/map/grid-map';
import { cellAt, mapLayout } from '../lib/map-geometry';
import { boxProblemStyles } from '../lib/problem-paint';
import { makeRoom } from '../../../testing/room-fixtures';
import { stubCanvas } from './canvas-stub';

describe('GridMap', () => {
  it('draws a 10,000-box grid on canvas with fewer than 1,500 DOM nodes', () => {
    const calls = stubCanvas();
    const grid = makeRoom({ nx: 100, ny: 100 }).grids[0]!;
    const before = document.querySelectorAll('*').length;
    render(<GridMap grid={grid} onOpenBox={() => {}} />);
    const added = document.querySelectorAll('*').length - before;
    expect(added).toBeLessThan(1500);
    expect(added).toBeLessThan(20);
    expect(document.querySelectorAll('canvas')).toHaveLength(2);
    // Every box became a rectangle (fill paths) and a border: the map really holds all 10,000.
    expect(calls.rect).toBeGreaterThanOrEqual(10_000);
    expect(screen.getByRole('application', { name: 'Grid A, 100 columns by 100 rows' })).toHaveAccessibleDescription(
      /10000 boxes, 1 culled\. Use the arrow keys/,
    );
  });

  it('moves a focus cursor with the arrow keys and opens the box with Enter', () => {
    stubCanvas();
    const grid = makeRoom({ nx: 10, ny: 20 }).grids[0]!;
    const onOpenBox = vi.fn();
    render(<GridMap grid={grid} onOpenBox={onOpenBox} />);
    const map = screen.getByRole('application');
    map.focus();
    fireEvent.keyDown(map, { key: 'ArrowRight' });
    expect(screen.getByText('Mother A, box 2,1')).toBeInTheDocument();
    fireEvent.keyDown(map, { key: 'ArrowRight' });
    expect(screen.getByText('Box 3,1, culled')).toBeInTheDocument();
    fireEvent.keyDown(map, { key: 'ArrowDown' });
    fireEvent.keyDown(map, { key: 'Enter' });
    expect(onOpenBox).toHaveBeenCalledWith(expect.objectContaining({ X: 3, Y: 2 }));
  });

  it('draws 10,000 boxes with problems and stays a handful of DOM nodes', () => {
    const calls = stubCanvas();
    const grid = makeRoom({ nx: 100, ny: 100 }).grids[0]!;
    const problems = boxProblemStyles(
      grid.grid_boxes.map((b, i) => ({
        GridBoxID: b.id,
        circles: [{ Problem: i % 2 ? 'Thrips' : 'Aphids', count: 1, max_severity: 2, last_observed_at: '2026-01-05T08:00:00Z', Color: i % 2 ? '#eab308' : '#22c55e', Abbreviation: 'X' }],
      })),
    );
    const before = document.querySelectorAll('*').length;
    render(<GridMap grid={grid} onOpenBox={() => {}} problems={problems} />);
    expect(document.querySelectorAll('*').length - before).toBeLessThan(20);
    // Base fills plus one fill per problem colour: batched, not one per box.
    expect(calls.fill).toBeLessThan(12);
    expect(calls.rect).toBeGreaterThanOrEqual(20_000);
  });

  it('in select mode, taps and Enter toggle boxes instead of opening them', () => {
    stubCanvas();
    const grid = makeRoom({ nx: 10, ny: 20 }).grids[0]!;
    const onOpenBox = vi.fn();
    const onSelectBoxes = vi.fn();
    render(<GridMap grid={grid} onOpenBox={onOpenBox} selectMode="Coordinates" selectedIds={new Set([grid.grid_boxes[0]!.id])} onSelectBoxes={onSelectBoxes} />);
    const map = screen.getByRole('application');
    map.focus();
    fireEvent.keyDown(map, { key: 'ArrowRight' });
    expect(screen.getByText('Mother A, box 2,1, not selected')).toBeInTheDocument();
    fireEvent.keyDown(map, { key: 'ArrowLeft' });
    expect(screen.getByText(/^Box 1,1, selected/)).toBeInTheDocument();
    fireEvent.keyDown(map, { key: 'ArrowRight' });
    fireEvent.keyDown(map, { key: 'Enter' });
    expect(onSelectBoxes).toHaveBeenCalledWith([expect.objectContaining({ X: 2, Y: 1 })], 'toggle');
    expect(onOpenBox).not.toHaveBeenCalled();
  });

  it('finds the box under a tap', () => {
    const l = mapLayout(10, 20, 24, 2);
    expect(cellAt(l, 2 + 5, 2 + 5)).toEqual({ x: 1, y: 1 });
    expect(cellAt(l, 2 + 26 * 3 + 5, 2 + 26 * 7 + 5)).toEqual({ x: 4, y: 8 });
    expect(cellAt(l, l.width + 10, 5)).toBeNull();
  });

  it('keeps the canvas within what browsers allow for huge grids', () => {
    const l = mapLayout(500, 500, 36, 3);
    expect(l.width * l.scale).toBeLessThanOrEqual(16_384);
    expect(l.width * l.scale * l.height * l.scale).toBeLessThanOrEqual(64_000_001);
  });
});
