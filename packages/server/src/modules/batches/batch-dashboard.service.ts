import { batchesMessages as msg, utcDate, utcDaySpan, type EndpointInput, type batchesEndpoints } from '@verdant/contract';
import type { Caller } from '../../plugins/auth.js';
import { badRequest } from '../../lib/errors.js';
import { toBatch } from './batches.mapper.js';
import * as repo from './batches.repository.js';
import * as dash from './batch-dashboard.repository.js';
import { type BatchesDeps, requireBatch } from './batches.service.js';
import { iso, isoOrNull } from '../../lib/iso.js';
import { responsePhotos } from '../../lib/images/response-photos.js';

type Input<K extends keyof typeof batchesEndpoints> = EndpointInput<(typeof batchesEndpoints)[K]>;

/** The range asked, else the batch's start date (or creation day) up to today; days are UTC. */
export function dashboardRange(batch: { start_date: string | null; created_at: Date }, startDate?: string, endDate?: string, now = new Date()) {
  const start = startDate ?? batch.start_date ?? utcDate(batch.created_at);
  const end = endDate ?? utcDate(now);
  if (start > end) throw badRequest(msg.dateOrder, 'start_date');
  return { start, end, ...utcDaySpan(start, end) };
}

export async function batchDashboard(
  deps: BatchesDeps,
  caller: Caller,
  input: Input<'getBatchDashboard'>,
) {
  const batch = await requireBatch(deps, input.company_id, input.batch_id);
  const range = dashboardRange(batch, input.start_date, input.end_date);
  const [counts, history, problems, responses, treatments] = await Promise.all([
    dash.linkCounts(deps.db, batch.batch_id),
    repo.statusHistory(deps.db, batch.batch_id),
    dash.problemsPerWeek(deps.db, caller.company_id, batch.batch_id, range.from, range.to),
    dash.responsesPerWeek(deps.db, caller.company_id, batch.batch_id, range.from, range.to),
    dash.treatmentsOfBatch(deps.db, caller.company_id, batch.batch_id, range.start, range.end),
  ]);
  return {
    batch: toBatch(batch),
    start_date: range.start,
    end_date: range.end,
    plant_counts: { number_of_plants: batch.number_of_plants, pre_books: batch.pre_books, ...counts },
    status_timeline: history.map((h) => ({ from_status: h.from_status, to_status: h.to_status, changed_by: h.changed_by, changed_at: iso(h.changed_at) })),
    problems_over_time: problems,
    treatments: treatments.map((a) => ({ ...a, reentry_until: isoOrNull(a.reentry_until) })),
    form_responses_per_week: responses,
  };
}

export async function batchFormResponses(deps: BatchesDeps, caller: Caller, batchId: number) {
  await requireBatch(deps, caller.company_id, batchId);
  const rows = await dash.responsesOfBatch(deps.db, caller.company_id, batchId);
  const photos = await responsePhotos(deps.db, caller.company_id, rows.map((r) => r.response_id));
  return rows.map((r) => ({ ...r, submitted_at: iso(r.submitted_at), observed_at: iso(r.observed_at), photos: photos.get(r.response_id) ?? [] }));
}
