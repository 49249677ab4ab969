import { sql, type Kysely } from 'kysely';

/**
 * One optional photo per sample plant and week of crop registration (issue 24): the stored image and its thumbnail
 * (lib/images, served by GET /image under the company's prefix). Keyed for Citus like the module's other tables
 * (2026_12_02_0210_crop_registration_keys): the key holds company_id and the sample plant is referred to by
 * (company_id, sample_plant_id); a new photo of the same week replaces the row (and its files).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE crop_registration_photos (
      company_id integer NOT NULL REFERENCES companies(company_id),
      sample_plant_id integer NOT NULL,
      week date NOT NULL,
      image_key text NOT NULL,
      thumb_key text NOT NULL,
      uploaded_by integer,
      uploaded_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (company_id, sample_plant_id, week),
      FOREIGN KEY (company_id, sample_plant_id) REFERENCES sample_plants (company_id, sample_plant_id) ON DELETE CASCADE
    );
  `.execute(db);
}
