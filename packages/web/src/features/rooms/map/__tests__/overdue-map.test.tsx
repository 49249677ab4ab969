import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { GridMap } from '../components/grid-map';
import { makeRoom } from '../../../../testing/room-fixtures';
import { stubCanvas } from '../../__tests__/canvas-stub';

describe('GridMap overdue boxes', () => {
  it('keys the outline under the map and names an overdue box to screen readers', () => {
    stubCanvas();
    const grid = makeRoom({ nx: 3, ny: 2 }).grids[0]!;
    const [first, second] = grid.grid_boxes;
    render(<GridMap grid={grid} onOpenBox={() => {}} overdueIds={new Set([first!.id, second!.id, 999])} />);
    expect(screen.getByText(/Overdue for scouting · Overdue: 2 boxes/)).toBeInTheDocument();
    const map = screen.getByRole('application');
    map.focus();
    fireEvent.keyDown(map, { key: 'ArrowRight' });
    expect(screen.getByText(/box 2,1, overdue for scouting/)).toBeInTheDocument();
  });

  it('shows no key when nothing is overdue', () => {
    stubCanvas();
    render(<GridMap grid={makeRoom({ nx: 3, ny: 2 }).grids[0]!} onOpenBox={() => {}} />);
    expect(screen.queryByText(/Overdue for scouting/)).not.toBeInTheDocument();
  });
});
