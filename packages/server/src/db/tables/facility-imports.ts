import type { Generated } from 'kysely';
import type { Json, Timestamp } from './column-types.js';

/** What an import wrote on one box: name, status and colour before and after (migration 2026_12_02_0700_facility_imports). */
export interface ImportedBox {
  id: number;
  grid_id: number;
  before: { custom_name: string | null; status: string | null; color: string | null };
  after: { custom_name: string | null; status: string | null; color: string | null };
}

export interface FacilityImportTable {
  company_id: number;
  import_id: Generated<number>;
  user_id: number;
  format: 'csv' | 'geojson';
  file_name: string;
  rooms_created: number[];
  grids_created: number[];
  boxes: Json<ImportedBox[]>;
  created_at: Timestamp;
  undone_at: Date | null;
  undone_by: number | null;
}
