import { sql, type Kysely } from 'kysely';

/**
 * Each kept harvest forecast's inputs and model (issue 24): one row per planting and made week beside its figures in
 * harvest_forecasts (one per horizon), so the screen shows the model and what it was made from for any past forecast
 * — trusses set and their temperature sum so far, fruits per truss, fruit weight, temperatures and their source per
 * week, calibration — not only for the run just made. A run for the same week replaces it, as it replaces the figures.
 * Keyed for Citus like the module's other tables (2026_12_02_0210_crop_registration_keys).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE harvest_forecast_runs (
      company_id integer NOT NULL REFERENCES companies(company_id),
      planting_id integer NOT NULL,
      made_week date NOT NULL,
      inputs jsonb NOT NULL,
      model text NOT NULL,
      made_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (company_id, planting_id, made_week),
      FOREIGN KEY (company_id, planting_id) REFERENCES crop_plantings (company_id, planting_id) ON DELETE CASCADE
    );
  `.execute(db);
}
