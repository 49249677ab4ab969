import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

export interface QualityRow {
  model: string;
  model_version: string;
  problem_id: number | null;
  problem: string;
  confirmed: number;
  corrected: number;
  rejected: number;
  added: number;
  count_error_sum: number;
  count_samples: number;
}

/**
 * Reviewed detections of the company by model version and problem (the engine's; for an added one, the
 * reviewer's), with the absolute count error against the reviewer's count: a rejected card count is 0 insects,
 * an added one was 0 for the engine. Optionally one model version only.
 */
export async function qualityRows(db: Kysely<DB>, companyId: number, only?: { model: string; model_version: string }): Promise<QualityRow[]> {
  const onlyModel = only ? sql`AND s.model = ${only.model} AND s.model_version = ${only.model_version}` : sql``;
  const { rows } = await sql<Record<keyof QualityRow, string | number | null>>`
    SELECT q.model, q.model_version, q.problem_id, coalesce(p.name, q.label) AS problem,
      count(*) FILTER (WHERE q.review = 'confirmed') AS confirmed,
      count(*) FILTER (WHERE q.review = 'corrected' AND q.origin = 'engine') AS corrected,
      count(*) FILTER (WHERE q.review = 'rejected') AS rejected,
      count(*) FILTER (WHERE q.origin = 'reviewer') AS added,
      coalesce(sum(abs(q.engine_count - q.reviewer_count)) FILTER (WHERE q.engine_count IS NOT NULL AND q.reviewer_count IS NOT NULL), 0) AS count_error_sum,
      count(*) FILTER (WHERE q.engine_count IS NOT NULL AND q.reviewer_count IS NOT NULL) AS count_samples
    FROM (
      SELECT s.model, s.model_version, d.review, d.origin, d.label,
        CASE WHEN d.origin = 'reviewer' THEN d.corrected_problem_id ELSE d.problem_id END AS problem_id,
        CASE WHEN d.origin = 'reviewer' THEN (CASE WHEN d.reviewed_count IS NULL THEN NULL ELSE 0 END) ELSE d.count END AS engine_count,
        CASE WHEN d.review = 'rejected' THEN (CASE WHEN d.count IS NULL THEN NULL ELSE 0 END) ELSE coalesce(d.reviewed_count, d.count) END AS reviewer_count
      FROM scan_detections d JOIN scans s ON s.scan_id = d.scan_id
      WHERE d.company_id = ${companyId} AND d.review <> 'pending' ${onlyModel}
    ) q LEFT JOIN plant_problems p ON p.problem_id = q.problem_id
    GROUP BY q.model, q.model_version, q.problem_id, coalesce(p.name, q.label)
    ORDER BY q.model, q.model_version, coalesce(p.name, q.label)`.execute(db);
  return rows.map((r) => ({
    model: String(r.model), model_version: String(r.model_version), problem_id: r.problem_id === null ? null : Number(r.problem_id), problem: String(r.problem),
    confirmed: Number(r.confirmed), corrected: Number(r.corrected), rejected: Number(r.rejected), added: Number(r.added),
    count_error_sum: Number(r.count_error_sum), count_samples: Number(r.count_samples),
  }));
}
