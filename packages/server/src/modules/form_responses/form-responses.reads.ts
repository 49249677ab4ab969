import { formResponsesMessages as msg, utcDaySpan, type EndpointInput, type formResponsesEndpoints } from '@verdant/contract';
import type { Caller } from '../../plugins/auth.js';
import { badRequest, notFound } from '../../lib/errors.js';
import * as repo from './form-responses.repository.js';
import * as reads from './form-responses.reads.repository.js';
import { toFormResponses } from './form-responses.mapper.js';
import type { Deps } from '../../lib/deps.js';

type Input<K extends keyof typeof formResponsesEndpoints> = EndpointInput<(typeof formResponsesEndpoints)[K]>;

/** 'YYYY-MM-DD'..'YYYY-MM-DD', both days included (UTC), as [from, to). */
export function dayRange(start: string, end: string): { from: Date; to: Date } {
  if (end < start) throw badRequest(msg.endBeforeStart, 'end_date');
  return utcDaySpan(start, end);
}

async function responses(deps: Deps, caller: Caller, filter: reads.ResponseFilter) {
  const rows = await reads.listResponses(deps.db, caller.company_id, filter);
  const answers = await reads.answersOf(deps.db, caller.company_id, rows.map((r) => r.response_id));
  return toFormResponses(rows, answers);
}

/** Treatment forms (category 'treatment') apart from every other form. */
export async function responsesForGrid(deps: Deps, caller: Caller, input: Input<'getResponsesForGrid2'>) {
  const range = dayRange(input.start_date, input.end_date);
  if (!(await repo.findGrid(deps.db, caller.company_id, input.GridID))) throw notFound('Grid');
  const all = await responses(deps, caller, { gridId: input.GridID, ...range });
  return {
    status: 'success' as const,
    GridID: input.GridID,
    all_responses: all.filter((r) => r.FormCategory !== 'treatment'),
    treatment_responses: all.filter((r) => r.FormCategory === 'treatment'),
  };
}

export async function responsesForBox(deps: Deps, caller: Caller, input: Input<'getFieldResponsesByGridbox'>) {
  if (!(await repo.findGridBox(deps.db, caller.company_id, input.GridBoxID))) throw notFound('Grid box');
  const filter = { gridBoxId: input.GridBoxID };
  const [list, total] = await Promise.all([
    responses(deps, caller, { ...filter, limit: input.limit, offset: input.offset }),
    reads.countResponses(deps.db, caller.company_id, filter),
  ]);
  return { status: 'success' as const, GridBoxID: input.GridBoxID, total, responses: list };
}

export async function responsesForBoxInDays(deps: Deps, caller: Caller, input: Input<'getFieldResponsesByGridboxDateForms'>) {
  const range = dayRange(input.start_date, input.end_date);
  if (!(await repo.findGridBox(deps.db, caller.company_id, input.GridBoxID))) throw notFound('Grid box');
  return { status: 'success' as const, GridBoxID: input.GridBoxID, responses: await responses(deps, caller, { gridBoxId: input.GridBoxID, ...range }) };
}

export async function fieldResponses(deps: Deps, caller: Caller, responseId: number) {
  const [found] = await responses(deps, caller, { responseId });
  if (!found) throw notFound('Form response');
  const { fieldResponses: answers, ...response } = found;
  return { status: 'success' as const, response_id: responseId, fieldResponses: answers, response };
}
