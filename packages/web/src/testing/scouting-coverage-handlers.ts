import { http, HttpResponse } from 'msw';
import type { RoomCoverageRow } from '@verdant/contract';
import { API } from './msw-server';

/** A room's coverage row with every field; tests override what they look at. */
export function coverageRow(fields: Partial<RoomCoverageRow> & { RoomID: number }): RoomCoverageRow {
  return {
    Name: `Room ${fields.RoomID}`, due_every_days: 7, room_override: false, round_started_at: '2026-03-01T08:00:00Z', boxes_total: 10, boxes_scouted: 6,
    boxes_overdue: 0, last_scouted_at: '2026-03-05T09:30:00Z', last_scouted_by: 7, last_scouted_by_name: 'Ada Grower', overdue: false,
    ...fields,
  };
}

/** Scouting frequency and coverage kept in memory: what the settings save, the reads answer. */
export function scoutingCoverageHandlers(initial: { due_every_days?: number | null; rooms?: RoomCoverageRow[]; overdueBoxes?: number[] } = {}) {
  const state = {
    due_every_days: initial.due_every_days ?? null,
    overrides: [] as Array<{ RoomID: number; Name: string; due_every_days: number }>,
    rooms: initial.rooms ?? [],
    overdueBoxes: initial.overdueBoxes ?? [],
  };
  const writes: Array<Record<string, unknown>> = [];
  const frequency = () => ({ status: 'success', due_every_days: state.due_every_days, rooms: state.overrides });
  const handlers = [
    http.get(`${API}/get_scouting_frequency`, () => HttpResponse.json(frequency())),
    http.post(`${API}/set_scouting_frequency`, async ({ request }) => {
      const body = (await request.json()) as { due_every_days: number; room_id?: number };
      writes.push(body);
      if (body.room_id === undefined) state.due_every_days = body.due_every_days || null;
      else {
        state.overrides = state.overrides.filter((r) => r.RoomID !== body.room_id);
        if (body.due_every_days) state.overrides.push({ RoomID: body.room_id, Name: `Room ${body.room_id}`, due_every_days: body.due_every_days });
      }
      const message = body.due_every_days ? 'Scouting frequency saved.' : 'Scouting frequency cleared.';
      return HttpResponse.json({ ...frequency(), message });
    }),
    http.get(`${API}/get_scouting_coverage`, ({ request }) => {
      const roomId = new URL(request.url).searchParams.get('room_id');
      if (roomId === null) return HttpResponse.json({ status: 'success', generated_at: '2026-03-06T10:00:00Z', rooms: state.rooms });
      return HttpResponse.json({
        status: 'success',
        generated_at: '2026-03-06T10:00:00Z',
        rooms: state.rooms.filter((r) => r.RoomID === Number(roomId)),
        overdue_GridBoxIDs: state.overdueBoxes,
      });
    }),
  ];
  return { state, writes, handlers };
}
