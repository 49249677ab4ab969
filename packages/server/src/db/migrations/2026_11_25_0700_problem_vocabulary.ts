import { sql, type Kysely } from 'kysely';

/**
 * The names earlier demo seeds recorded for library problems, and the library problem each meant. Only
 * rows the demo itself wrote are renamed (see up); what people typed stays as they typed it.
 */
export const OLD_DEMO_NAMES: ReadonlyArray<readonly [string, string]> = [
  ['Thrips', 'western-flower-thrips'],
  ['Spider mites', 'two-spotted-spider-mite'],
  ['Aphids', 'green-peach-aphid'],
  ['Whiteflies', 'greenhouse-whitefly'],
  ['Botrytis', 'botrytis-grey-mould'],
];

/**
 * One problem vocabulary and one severity scale on installs that already hold data (docs/decisions.md,
 * "One problem vocabulary"):
 *
 * 1. The demo's scouting history is renamed to library problems. A row is the demo's when its response
 *    was written in the demo seed's own transaction: the seed's `demo.scouting_seeded` audit event and the
 *    responses share the company, the user and `now()` (a transaction's start time). Those observations
 *    get the library name and id; their problem answers get the same names.
 * 2. Batch problems were recorded on 0–10; every severity is now 1–5 (1 trace … 5 severe), so each old
 *    batch severity s becomes max(1, ceil(s / 2)): 0–2 → 1, 3–4 → 2, 5–6 → 3, 7–8 → 4, 9–10 → 5.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pairs = sql.join(OLD_DEMO_NAMES.map(([old, slug]) => sql`(${old}, ${slug})`));
  const demoResponses = sql`
    SELECT r.response_id
    FROM audit_events a
    JOIN form_responses r ON r.company_id = a.company_id AND r.submitted_by = a.user_id AND r.submitted_at = a.created_at
    WHERE a.action = 'demo.scouting_seeded' AND a.entity_type = 'company'`;
  await sql`
    UPDATE problem_observations o
    SET problem = p.name, problem_id = p.problem_id
    FROM (VALUES ${pairs}) AS v(old, slug)
    JOIN plant_problems p ON p.slug = v.slug AND p.company_id IS NULL
    WHERE o.problem = v.old AND o.problem_id IS NULL AND o.source = 'form'
      AND o.response_id IN (${demoResponses})`.execute(db);
  // A problem answer is one name or a comma-separated list of them ("Thrips, Aphids").
  await sql`
    UPDATE field_responses fr
    SET input_data = (
      SELECT string_agg(coalesce(p.name, btrim(part.name)), ', ' ORDER BY part.ord)
      FROM unnest(string_to_array(fr.input_data, ',')) WITH ORDINALITY AS part(name, ord)
      LEFT JOIN (VALUES ${pairs}) AS v(old, slug) ON v.old = btrim(part.name)
      LEFT JOIN plant_problems p ON p.slug = v.slug AND p.company_id IS NULL
    )
    FROM form_fields f
    WHERE f.field_id = fr.field_id AND f.field_type = 'problem' AND fr.input_data <> ''
      AND fr.response_id IN (${demoResponses})`.execute(db);
  await sql`
    UPDATE problem_observations
    SET severity = greatest(1, ceil(severity / 2.0))::int
    WHERE source = 'batch_problem' AND severity IS NOT NULL`.execute(db);
}
