import type { AvailabilityWeek, CropStatusBatch } from '@verdant/contract';
import { iso } from '../../lib/iso.js';
import type { AvailabilityWeekRow, CropStatusRow } from './crop-reports.repository.js';

/** json_agg arrives parsed from PostgreSQL; through a text protocol it may be a string. */
const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

export const toCropStatusBatch = (r: CropStatusRow): CropStatusBatch => ({
  batch_id: r.batch_id,
  batch_number: r.batch_number,
  strain_name: r.strain_name,
  batch_status: r.batch_status,
  number_of_plants: r.number_of_plants,
  pre_books: r.pre_books,
  start_date: r.start_date,
  end_date: r.end_date,
  harvested: r.harvested,
  status_since: iso(r.status_since),
  rooms: json(r.rooms),
});

export const toAvailabilityWeek = (r: AvailabilityWeekRow & { week_start: string; week_end: string }): AvailabilityWeek => ({
  week_start: r.week_start,
  week_end: r.week_end,
  batches: r.batches,
  plants: r.plants,
  pre_books: r.pre_books,
  available: r.available,
  batch_list: json(r.batch_list),
});
