import type { StickyTrapReading } from '@verdant/contract';
import type { CountRow } from './sticky-traps.repository.js';
import { iso } from '../../lib/iso.js';

/** Count answers (several per response when a template counts per insect) → one reading per response, in row order. */
export function toReadings(rows: CountRow[]): StickyTrapReading[] {
  const readings = new Map<number, StickyTrapReading>();
  for (const r of rows) {
    const count = Number(r.input_data.trim());
    if (!Number.isFinite(count)) continue;
    let reading = readings.get(r.response_id);
    if (!reading) {
      reading = {
        response_id: r.response_id,
        TemplateID: r.template_id,
        GridID: r.grid_id,
        GridBoxID: r.grid_box_id,
        x: r.x,
        y: r.y,
        SubmittedBy: r.submitted_by,
        SubmittedByName: [r.first_name, r.last_name].filter(Boolean).join(' ') || null,
        ObservedAt: iso(r.observed_at),
        total: 0,
        counts: [],
      };
      readings.set(r.response_id, reading);
    }
    reading.counts.push({ fieldID: r.field_id, FieldName: r.field_name, count });
    reading.total += count;
  }
  return [...readings.values()];
}
