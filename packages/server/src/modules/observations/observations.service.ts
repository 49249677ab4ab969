import * as repo from './observations.repository.js';
import { problemNames, slugify } from './observations.rules.js';
import type { Deps, TxDeps } from '../../lib/deps.js';
import { fileObservations, type FiledObservation, type ObservationPlace } from './observations.filing.js';

export { problemNames, slugify } from './observations.rules.js';
export { fileObservations, type FiledObservation, type FileObservationsInput, type FilingSource, type ObservationPlace } from './observations.filing.js';
export {
  changeObservationStatus, confirmSuspected, deleteScanObservations, dismissSuspected, lockObservations, reassignObservations, type ConfirmSuspectedInput,
} from './observations.review.js';
export type { ObservationState } from './observations.repository.js';

export interface ProblemAnswer {
  field_response_id: number;
  inputData: string;
}

export interface FormObservationsInput {
  companyId: number;
  responseId: number;
  place: ObservationPlace;
  severity: number | null;
  observedAt: Date;
  observedBy: number | null;
  answers: ProblemAnswer[];
}

export type { KnownProblem } from './observations.repository.js';

/**
 * Looks the names up once among the library's problems and the company's own, and answers a matcher:
 * a name matches a problem by slug or name in any case (or by its slug form); the company's own
 * problems win over the library's of the same slug or name. Other modules (batch problems) use it too.
 */
export async function problemMatcher({ db }: Deps, companyId: number, names: string[]): Promise<(name: string) => repo.KnownProblem | undefined> {
  const lower = [...new Set(names.map((n) => n.toLowerCase()))];
  const known = await repo.findProblems(db, companyId, lower, [...new Set(names.map(slugify))]);
  const ordered = [...known].sort((a, b) => Number(b.company_id !== null) - Number(a.company_id !== null));
  return (name: string) =>
    ordered.find((p) => p.name.toLowerCase() === name.toLowerCase() || p.slug.toLowerCase() === name.toLowerCase() || p.slug === slugify(name));
}

/**
 * Turns a response's problem answers into open observations, one per problem per place: a problem
 * named twice (two fields, or twice in one list) is one observation. A name that matches the library
 * or the company's own problems (slug or name, any case; the company's own first) is stored under
 * that problem's name and id; anything else is kept as the scout wrote it. Filed through fileObservations.
 */
export async function recordFormObservations({ db: trx }: TxDeps, input: FormObservationsInput): Promise<number[]> {
  const named = input.answers.flatMap((a) => problemNames(a.inputData).map((name) => ({ name, field_response_id: a.field_response_id })));
  if (!named.length) return [];
  const match = await problemMatcher({ db: trx }, input.companyId, named.map((n) => n.name));
  const seen = new Set<string>();
  const rows: FiledObservation[] = [];
  for (const n of named) {
    const problem = match(n.name);
    const key = problem ? `id:${problem.problem_id}` : `name:${n.name.toLowerCase()}`;
    if (seen.has(key)) continue;
    seen.add(key);
    rows.push({
      place: input.place, problem: problem?.name ?? n.name, problem_id: problem?.problem_id ?? null, severity: input.severity,
      response_id: input.responseId, field_response_id: n.field_response_id,
    });
  }
  return fileObservations({ db: trx }, {
    companyId: input.companyId, source: 'form', originId: input.responseId, observedBy: input.observedBy, observedAt: input.observedAt, observations: rows,
  });
}
