import { Readable } from 'node:stream';
import type { EndpointInput, registerEndpoints } from '@verdant/contract';
import type { Caller } from '../../plugins/auth.js';
import type { Deps } from '../../lib/deps.js';
import { assertOwnCompany } from '../../lib/own-company.js';
import { notFound } from '../../lib/errors.js';
import { REGISTER_WRITERS, mergeApplication, quantitiesOf } from './register-formats.js';
import { isoOrNull } from '../../lib/iso.js';
import * as repo from './register.repository.js';

type ExportInput = EndpointInput<(typeof registerEndpoints)['exportRegister']>;
type ListInput = EndpointInput<(typeof registerEndpoints)['listRegisterApplications']>;

/**
 * Applications per statement: a page of lines stays a few MB however long the period, and its statement's cost
 * stays under PostgreSQL's JIT threshold (a 2,000 page was JIT-compiled each time: 224 ms a page against 56 ms).
 */
export const REGISTER_PAGE = 1000;

/**
 * Every application in scope, page by page, as its lines (a page never splits an application). The next page
 * is asked for as soon as a page arrives, so the database reads it while this one is written out.
 */
async function* applicationsOf(deps: Deps, filter: repo.RegisterFilter): AsyncGenerator<repo.RegisterLine[]> {
  let pending: Promise<repo.RegisterLine[]> | null = repo.registerPage(deps.db, filter, null, REGISTER_PAGE);
  while (pending) {
    const lines: repo.RegisterLine[] = await pending;
    if (lines.length === 0) return;
    const last = lines[lines.length - 1]!;
    const full: boolean = new Set(lines.map((l) => l.application_id)).size === REGISTER_PAGE;
    pending = full ? repo.registerPage(deps.db, filter, { day: last.day, applicationId: last.application_id }, REGISTER_PAGE) : null;
    // A page read ahead but not awaited must not fail unobserved if the client goes away meanwhile.
    pending?.catch(() => undefined);
    let start = 0;
    for (let i = 1; i <= lines.length; i++) {
      if (i === lines.length || lines[i]!.application_id !== lines[start]!.application_id) {
        yield lines.slice(start, i);
        start = i;
      }
    }
  }
}

/**
 * The register export, streamed: the count first (for the progress header), then the writer's head, one
 * chunk per page of applications, and its tail. Rows are never all in memory (bench/register-export.bench.ts).
 */
export async function exportRegister(deps: Deps, caller: Caller, input: ExportInput) {
  assertOwnCompany(caller, input.company_id);
  if (input.room_id !== undefined && !(await repo.ownRoom(deps.db, caller.company_id, input.room_id))) throw notFound('Room');
  const filter: repo.RegisterFilter = { companyId: caller.company_id, from: input.from, to: input.to, roomId: input.room_id ?? null };
  const writer = REGISTER_WRITERS[input.format];
  const counted = await repo.countRegister(deps.db, filter);
  const title = `Plant-protection register ${input.from} to ${input.to}`;
  async function* body() {
    yield writer.head(title);
    let first = true;
    let chunk = '';
    for await (const lines of applicationsOf(deps, filter)) {
      chunk += writer.application(lines, first);
      first = false;
      // Sent in pieces of about 64 KB: fewer, larger writes than one per application.
      if (chunk.length >= 65_536) {
        yield chunk;
        chunk = '';
      }
    }
    yield chunk + writer.tail();
  }
  return {
    stream: Readable.from(body(), { objectMode: false }),
    rows: writer.counts === 'lines' ? counted.lines : counted.applications,
    contentType: writer.contentType,
    filename: `verdant-register-${input.format.replace(/_/g, '-')}-${input.from}-${input.to}.${writer.extension}`,
  };
}

/** The applications of a period (and a room), a page at a time, one entry per application. */
export async function listApplications(deps: Deps, caller: Caller, input: ListInput) {
  assertOwnCompany(caller, input.company_id);
  if (input.room_id !== undefined && !(await repo.ownRoom(deps.db, caller.company_id, input.room_id))) throw notFound('Room');
  const filter: repo.RegisterFilter = { companyId: caller.company_id, from: input.from, to: input.to, roomId: input.room_id ?? null };
  const lines = await repo.registerPage(deps.db, filter, null, input.limit + 1, input.offset);
  const byApplication = new Map<number, repo.RegisterLine[]>();
  for (const l of lines) byApplication.set(l.application_id, [...(byApplication.get(l.application_id) ?? []), l]);
  const groups = [...byApplication.values()];
  const applications = groups.slice(0, input.limit).map((g) => {
    const a = mergeApplication(g);
    return {
      application_id: a.application_id, date: a.day, start_time: isoOrNull(a.started_at ?? a.applied_at), end_time: isoOrNull(a.ended_at),
      products: a.product_name, quantities: quantitiesOf(g), crop_eppo: a.crop_eppo, bbch: a.bbch, rooms: a.rooms, boxes_treated: a.box_count,
      area_m2: a.area_m2, targets: a.targets, operator: a.operator_name, no_entry_until: isoOrNull(a.reentry_until), harvest_not_before: a.preharvest_until,
    };
  });
  return { status: 'success' as const, applications, has_more: groups.length > input.limit };
}
