import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { GridMap } from '../components/grid-map';
import { cellAt, clampPan, fitCell, guttersFor, mapLayout, viewLayout, visibleBoxes, indexBoxes, zoomAround } from '../../lib/map-geometry';
import { labelledNumbers, labelSteps } from '../../lib/map-paint';
import { boxProblemStyles } from '../../lib/problem-paint';
import { makeRoom } from '../../../../testing/room-fixtures';
import { stubCanvas } from '../../__tests__/canvas-stub';

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
      /10000 boxes, 1 culled\. Columns 1 to 100 and rows 1 to 100 are in view\. Use the arrow keys/,
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

  it('fits the grid to the space by default, zooms with + and the keyboard, and paints only the boxes in view', () => {
    const calls = stubCanvas();
    const grid = makeRoom({ nx: 100, ny: 100 }).grids[0]!;
    render(<GridMap grid={grid} maxHeight={600} onOpenBox={() => {}} />);
    const map = screen.getByRole('application');
    // jsdom measures no width: the map assumes 1024 px and fits 100 rows into 600 px.
    expect(Number(map.dataset.cell)).toBeCloseTo(fitCell(100, 100, 1024, 600, guttersFor(100)));
    expect(map.dataset.columnsInView).toBe('1-100');
    expect(map).toHaveAccessibleDescription(/Columns 1 to 100 and rows 1 to 100 are in view/);
    expect(screen.getByRole('button', { name: 'Fit the whole grid on screen' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Zoom out' })).toBeDisabled();

    calls.rect = 0;
    for (let i = 0; i < 4; i++) fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(Number(map.dataset.cell)).toBeGreaterThan(20);
    const [x0, x1] = map.dataset.columnsInView!.split('-').map(Number) as [number, number];
    expect(x1 - x0).toBeLessThan(60);
    // Culling: far fewer than 10,000 rectangles for the zoomed view.
    expect(calls.rect).toBeLessThan(4 * 2 * 3_000);
    expect(Number(map.dataset.labelStepX)).toBeLessThanOrEqual(2);

    map.focus();
    fireEvent.keyDown(map, { key: '0' });
    expect(map.dataset.rowsInView).toBe('1-100');
    fireEvent.keyDown(map, { key: '+' });
    expect(map.dataset.rowsInView).not.toBe('1-100');
    fireEvent.keyDown(map, { key: '-' });
    expect(map.dataset.rowsInView).toBe('1-100');
  });

  it('windows the layout: visible range, taps under the pan, zoom around a point, pan kept inside the grid', () => {
    const gutters = guttersFor(100);
    const l = viewLayout(100, 100, 24, 1, { width: 400, height: 300, panX: 260, panY: 0, gutters });
    // 26 px per box: 260 px panned hides 10 columns.
    expect(l.x0).toBe(11);
    expect(l.y0).toBe(1);
    expect(cellAt(l, gutters.left + 5, gutters.top + 5)).toEqual({ x: 11, y: 1 });
    const grid = makeRoom({ nx: 100, ny: 100 }).grids[0]!;
    const seen = visibleBoxes(l, grid.grid_boxes, indexBoxes(grid.grid_boxes, 100, 100));
    expect(seen.length).toBe((l.x1 - l.x0 + 1) * (l.y1 - l.y0 + 1));
    expect(seen.length).toBeLessThan(300);

    const view = { cell: 24, panX: 260, panY: 0 };
    const z = zoomAround(view, 48, 200, 150, gutters);
    const before = cellAt(l, 200, 150);
    const after = cellAt(viewLayout(100, 100, 48, 1, { width: 400, height: 300, panX: z.panX, panY: z.panY, gutters }), 200, 150);
    expect(after).toEqual(before);
    expect(clampPan(100, 100, { cell: 24, panX: -50, panY: 1e6 }, { width: 400, height: 300 }, gutters)).toEqual({
      cell: 24,
      panX: 0,
      panY: 100 * 26 + 2 - (300 - gutters.top),
    });
  });

  it('labels every row and column when there is room, else every 2nd, 5th, 10th …', () => {
    expect(labelledNumbers(1, 8, 1)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(labelledNumbers(1, 34, 10)).toEqual([10, 20, 30]);
    expect(labelledNumbers(12, 31, 5)).toEqual([15, 20, 25, 30]);
    expect(labelSteps(mapLayout(100, 100, 40, 1))).toEqual({ x: 1, y: 1 });
    // 5 px per box, 3-digit numbers need 29 px: every 10th.
    expect(labelSteps(mapLayout(100, 100, 4, 1)).x).toBe(10);
    expect(labelSteps(mapLayout(100, 100, 4, 1)).y).toBe(5);
    expect(labelSteps(mapLayout(100, 100, 2, 1)).y).toBe(10);
  });
});
