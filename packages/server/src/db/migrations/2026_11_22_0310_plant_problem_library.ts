import { sql, type Kysely } from 'kysely';
import { COLOR_SYMPTOMS, PLANT_PROBLEM_LIBRARY, SYMPTOM_GROUPS, SYMPTOMS } from './data/plant-problem-library.js';

const rows = (values: unknown[][]) => sql.join(values.map((v) => sql`(${sql.join(v)})`));

/**
 * Data only: the shared symptom vocabulary and plant-problem library (company_id NULL). Links are
 * inserted by name in one statement per table so a fresh test database stays fast to migrate; the
 * library's unit test proves every link resolves.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`INSERT INTO symptom_groups (name, description) VALUES ${rows(SYMPTOM_GROUPS.map(([n, d]) => [n, d]))}`.execute(db);
  await sql`
    INSERT INTO symptoms (symptom_group_id, name)
    SELECT g.symptom_group_id, v.name FROM (VALUES ${rows(Object.values(SYMPTOMS).map(([g, n], i) => [g, n, i]))}) AS v(grp, name, ord)
    JOIN symptom_groups g ON g.name = v.grp
    ORDER BY v.ord::int`.execute(db);
  await sql`INSERT INTO color_symptoms (name, hex) VALUES ${rows(Object.values(COLOR_SYMPTOMS).map(([n, h]) => [n, h]))}`.execute(db);
  await sql`
    INSERT INTO plant_problems (company_id, slug, name, category, description, symptoms_text, solutions, default_color)
    SELECT NULL, v.slug, v.name, v.category, v.description, v.symptoms, v.solutions::jsonb, v.color
    FROM (VALUES ${rows(
      PLANT_PROBLEM_LIBRARY.map((p) => [p.slug, p.name, p.category, p.description, p.symptoms, JSON.stringify(p.solutions), p.defaultColor]),
    )}) AS v(slug, name, category, description, symptoms, solutions, color)`.execute(db);

  const symptomLinks = PLANT_PROBLEM_LIBRARY.flatMap((p) => p.symptomKeys.map((k) => [p.slug, SYMPTOMS[k][0], SYMPTOMS[k][1]]));
  await sql`
    INSERT INTO plant_problem_symptoms (problem_id, symptom_id)
    SELECT p.problem_id, s.symptom_id FROM (VALUES ${rows(symptomLinks)}) AS v(slug, grp, name)
    JOIN plant_problems p ON p.slug = v.slug AND p.company_id IS NULL
    JOIN symptom_groups g ON g.name = v.grp
    JOIN symptoms s ON s.symptom_group_id = g.symptom_group_id AND s.name = v.name`.execute(db);
  const colorLinks = PLANT_PROBLEM_LIBRARY.flatMap((p) => p.colors.map((k) => [p.slug, COLOR_SYMPTOMS[k][0]]));
  await sql`
    INSERT INTO plant_problem_color_symptoms (problem_id, color_symptom_id)
    SELECT p.problem_id, c.color_symptom_id FROM (VALUES ${rows(colorLinks)}) AS v(slug, name)
    JOIN plant_problems p ON p.slug = v.slug AND p.company_id IS NULL
    JOIN color_symptoms c ON c.name = v.name`.execute(db);
}
