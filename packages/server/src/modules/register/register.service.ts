import { Readable } from 'node:stream';
import type { EndpointInput, registerEndpoints } from '@verdant/contract';
import type { Caller } from '../../plugins/auth.js';
import type { Deps } from '../../lib/deps.js';
import { assertOwnCompany } from '../../lib/own-company.js';
import { notFound } from '../../lib/errors.js';
import { REGISTER_WRITERS } from './register-formats.js';
import * as repo from './register.repository.js';

type ExportInput = EndpointInput<(typeof registerEndpoints)['exportRegister']>;

/** Applications per statement: a page of lines stays a few MB, however long the period. */
export const REGISTER_PAGE = 2000;

/** Every application in scope, page by page, as its lines (a page never splits an application). */
async function* applicationsOf(deps: Deps, filter: repo.RegisterFilter): AsyncGenerator<repo.RegisterLine[]> {
  let after: repo.RegisterKey | null = null;
  for (;;) {
    const lines = await repo.registerPage(deps.db, filter, after, REGISTER_PAGE);
    if (lines.length === 0) return;
    let start = 0;
    for (let i = 1; i <= lines.length; i++) {
      if (i === lines.length || lines[i]!.application_id !== lines[start]!.application_id) {
        yield lines.slice(start, i);
        start = i;
      }
    }
    const last = lines[lines.length - 1]!;
    after = { day: last.day, applicationId: last.application_id };
    if (new Set(lines.map((l) => l.application_id)).size < REGISTER_PAGE) return;
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
