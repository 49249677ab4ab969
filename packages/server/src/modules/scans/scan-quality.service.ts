import {
  AGREEMENT_MIN_REVIEWS, AGREEMENT_POOR_BELOW, type EndpointInput, type ModelQuality, type ProblemQuality, type scanReviewEndpoints,
} from '@verdant/contract';
import type { Caller } from '../../plugins/auth.js';
import type { Deps } from '../../lib/deps.js';
import { notFound } from '../../lib/errors.js';
import { assertOwnCompany } from '../../lib/own-company.js';
import { qualityRows, type QualityRow } from './scan-quality.repository.js';
import { scanModel } from './scan-review.repository.js';

type Input<K extends keyof typeof scanReviewEndpoints> = EndpointInput<(typeof scanReviewEndpoints)[K]>;
const threshold = { poor_below: AGREEMENT_POOR_BELOW, min_reviews: AGREEMENT_MIN_REVIEWS };
const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

/** Sums rows into one: counts, agreement (confirmed of reviewed) and the mean count error. */
function summarise(model: string, modelVersion: string, rows: QualityRow[]) {
  const sum = (k: 'confirmed' | 'corrected' | 'rejected' | 'added' | 'count_error_sum' | 'count_samples') => rows.reduce((n, r) => n + r[k], 0);
  const [confirmed, corrected, rejected, added] = [sum('confirmed'), sum('corrected'), sum('rejected'), sum('added')];
  const reviewed = confirmed + corrected + rejected + added;
  const samples = sum('count_samples');
  return {
    model, model_version: modelVersion, reviewed, confirmed, corrected, rejected, added,
    agreement: reviewed ? round(confirmed / reviewed, 4) : null,
    count_error_mean: samples ? round(sum('count_error_sum') / samples, 2) : null,
    count_samples: samples,
  };
}

/** Poor: below the agreement threshold once the sample is large enough to say so (docs/decisions.md). */
export function modelQuality(model: string, modelVersion: string, rows: QualityRow[]): ModelQuality {
  const s = summarise(model, modelVersion, rows);
  return { ...s, poor: s.agreement !== null && s.reviewed >= AGREEMENT_MIN_REVIEWS && s.agreement < AGREEMENT_POOR_BELOW };
}

export async function scanQuality({ db }: Deps, caller: Caller, input: Input<'getScanQuality'>) {
  assertOwnCompany(caller, input.company_id);
  const rows = await qualityRows(db, caller.company_id);
  const byModel = new Map<string, QualityRow[]>();
  for (const r of rows) {
    const key = JSON.stringify([r.model, r.model_version]);
    byModel.set(key, [...(byModel.get(key) ?? []), r]);
  }
  const models = [...byModel.values()].map((list) => modelQuality(list[0]!.model, list[0]!.model_version, list));
  const problems: ProblemQuality[] = rows.map((r) => ({ ...summarise(r.model, r.model_version, [r]), problem_id: r.problem_id, problem: r.problem }));
  return { status: 'success' as const, models, problems, ...threshold };
}

/** The agreement of the model version that analysed one scan (for the scan page's warning). */
export async function scanModelAgreement({ db }: Deps, caller: Caller, input: Input<'getScanModelAgreement'>) {
  assertOwnCompany(caller, input.company_id);
  const scan = await scanModel(db, caller.company_id, input.scan_id);
  if (!scan) throw notFound('Scan');
  const rows = await qualityRows(db, caller.company_id, scan);
  return { status: 'success' as const, quality: modelQuality(scan.model, scan.model_version, rows), ...threshold };
}
