import { isoOrNull } from '../../lib/iso.js';
import { fullName } from '../../lib/full-name.js';
import type { CoverageRow } from './scouting-coverage.repository.js';

export function toRoomCoverage(r: CoverageRow) {
  return {
    RoomID: r.room_id,
    Name: r.name,
    due_every_days: r.due_every_days,
    room_override: r.room_override,
    round_started_at: isoOrNull(r.round_started_at),
    boxes_total: r.boxes_total,
    boxes_scouted: r.boxes_scouted,
    boxes_overdue: r.boxes_overdue,
    last_scouted_at: isoOrNull(r.last_scouted_at),
    last_scouted_by: r.last_scouted_by,
    last_scouted_by_name: fullName(r.first_name, r.last_name),
    overdue: r.boxes_overdue > 0,
  };
}

export function toFrequency(rows: Array<{ room_id: number | null; due_every_days: number; name: string | null }>) {
  return {
    due_every_days: rows.find((r) => r.room_id === null)?.due_every_days ?? null,
    rooms: rows.flatMap((r) => (r.room_id === null ? [] : [{ RoomID: r.room_id, Name: r.name ?? '', due_every_days: r.due_every_days }])),
  };
}
