import type { Generated } from 'kysely';
import type { Json, Timestamp } from './column-types.js';

/** The facts of an observation an import changes (migration 2026_12_03_0200_observation_imports). */
export interface ObservationFacts {
  severity: number | null;
  status: 'open' | 'resolved' | 'dismissed';
  notes: string | null;
}

/** What an import wrote on one existing observation: its facts before and after. */
export interface ImportedObservation {
  id: number;
  before: ObservationFacts;
  after: ObservationFacts;
}

export interface ObservationImportTable {
  company_id: number;
  import_id: Generated<number>;
  user_id: number;
  format: 'csv' | 'geojson';
  file_name: string;
  created_ids: number[];
  changed: Json<ImportedObservation[]>;
  created_at: Timestamp;
  undone_at: Date | null;
  undone_by: number | null;
}
