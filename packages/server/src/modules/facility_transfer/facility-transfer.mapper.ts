import type { FacilityImport } from '@verdant/contract';
import { iso, isoOrNull } from '../../lib/iso.js';
import type { FacilityImportRow } from './facility-transfer.repository.js';

export const toFacilityImport = (
  r: Pick<FacilityImportRow, 'import_id' | 'format' | 'file_name' | 'rooms_created' | 'grids_created' | 'created_at' | 'undone_at'>,
  boxesWritten: number,
): FacilityImport => ({
  import_id: r.import_id,
  format: r.format,
  file_name: r.file_name,
  rooms_created: r.rooms_created.length,
  grids_created: r.grids_created.length,
  boxes_written: Number(boxesWritten),
  created_at: iso(r.created_at),
  undone_at: isoOrNull(r.undone_at),
});
