import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { addDays } from '@verdant/contract';
import { renderPage } from '../../../../testing/render';
import { API, server } from '../../../../testing/msw-server';
import { signInAs } from '../../../../testing/session';
import { makeRoom } from '../../../../testing/room-fixtures';
import { PressureControls } from '../components/pressure-controls';
import { usePressureMode } from '../components/pressure-mode';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const room = makeRoom({ nx: 3, ny: 2 });
const ids = room.grids[0]!.grid_boxes.map((b) => b.id);
/** Twelve weeks from Monday 2026-09-07. */
const frames = Array.from({ length: 12 }, (_, i) => {
  const start = addDays('2026-09-07', i * 7);
  return { start, end: addDays(start, 6) };
});

function Probe() {
  const mode = usePressureMode(3, room.RoomID, room.grids, true);
  return <PressureControls mode={mode} />;
}

describe('pressure over time controls', () => {
  it('loads every frame once; the slider and its label move without another request', async () => {
    const asked: URL[] = [];
    server.use(
      http.get(`${API}/get_room_pressure_frames`, ({ request }) => {
        asked.push(new URL(request.url));
        // Boxes 1 and 2 (side by side) are hot in the last week; box 6 has a little pressure in the first.
        const values = frames.map((_, f) => (f === 11 ? [2, 3, 0] : f === 0 ? [0, 0, 0.5] : [0, 0, 0]));
        return HttpResponse.json({
          status: 'success', step: 'week', time_zone: 'UTC', problem: null, hot_threshold: 1, frames,
          GridBoxIDs: [ids[0], ids[1], ids[5]], values, problems: ['Thrips'],
        });
      }),
    );
    signInAs({ userId: 7, companyId: 3 });
    renderPage(<Probe />);
    const slider = await screen.findByRole('slider', { name: /Shown/ });
    expect(asked).toHaveLength(1);
    expect(asked[0]!.searchParams.get('step')).toBe('week');
    expect(asked[0]!.searchParams.get('room_id')).toBe(String(room.RoomID));
    expect(asked[0]!.searchParams.has('problem')).toBe(false);
    expect((slider as HTMLInputElement).value).toBe('11');
    expect(slider.getAttribute('aria-valuetext')).toMatch(/^week of Nov 23, 2026 – Nov 29, 2026$/);
    expect(screen.getByTestId('pressure-summary').textContent).toBe('Boxes with pressure: 2 · hot spots: 1');
    expect(screen.getByTestId('pressure-legend').textContent).toContain('≤ 3');

    fireEvent.change(slider, { target: { value: '0' } });
    expect(slider.getAttribute('aria-valuetext')).toMatch(/^week of Sep 7, 2026 – Sep 13, 2026$/);
    expect(screen.getByTestId('pressure-summary').textContent).toBe('Boxes with pressure: 1 · hot spots: 0');
    expect(screen.getByRole('button', { name: 'Play' })).toBeTruthy();
    expect(asked).toHaveLength(1);
  });

  it('asks again for one problem and for days; an empty range says what to do', async () => {
    const asked: URL[] = [];
    server.use(
      http.get(`${API}/get_room_pressure_frames`, ({ request }) => {
        const url = new URL(request.url);
        asked.push(url);
        const day = url.searchParams.get('step') === 'day';
        const list = day ? Array.from({ length: 84 }, (_, i) => ({ start: `d${i}`, end: `d${i}` })) : frames;
        return HttpResponse.json({
          status: 'success', step: day ? 'day' : 'week', time_zone: 'UTC', problem: url.searchParams.get('problem'), hot_threshold: 1,
          frames: list, GridBoxIDs: [], values: list.map(() => []), problems: ['Thrips'],
        });
      }),
    );
    signInAs({ userId: 7, companyId: 3 });
    renderPage(<Probe />);
    expect(await screen.findByText(/No problems or sticky-trap counts in this room in the last 12 weeks/)).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Problem' }), { target: { value: 'Thrips' } });
    await waitFor(() => expect(asked.at(-1)!.searchParams.get('problem')).toBe('Thrips'));
    expect(await screen.findByText(/This problem was not seen in this room/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Days' }));
    await waitFor(() => expect(asked.at(-1)!.searchParams.get('step')).toBe('day'));
    await waitFor(() => expect(screen.getByRole('slider', { name: /Shown/ }).getAttribute('max')).toBe('83'));
  });
});
