import type { Grid } from '@verdant/contract';
import { imageUrl } from '../../lib/images/images.js';
import type { GridRow } from './grids.repository.js';
import { iso, isoOrNull } from '../../lib/iso.js';

export function toGrid(row: GridRow): Grid {
  return {
    id: row.grid_id,
    Name: row.name,
    CompanyID: row.company_id,
    Description: row.description,
    ImageName: row.image_name,
    Scanned: row.scanned,
    ScannedDateTime: isoOrNull(row.scanned_at),
    LastScannedBy: row.last_scanned_by,
    CreatedDateTime: iso(row.created_at),
    UpdatedDateTime: iso(row.updated_at),
    nx: row.nx,
    ny: row.ny,
    cell_area_m2: row.cell_area_m2,
  };
}

export function toGridBackground(row: { grid_id: number; name: string; image_name: string | null; image_thumb: string | null }) {
  return {
    id: row.grid_id,
    Name: row.name,
    ImageName: row.image_name,
    image_url: row.image_name ? imageUrl(row.image_name) : null,
    // Grids whose image predates thumbnails fall back to the full image.
    thumb_url: row.image_thumb ? imageUrl(row.image_thumb) : row.image_name ? imageUrl(row.image_name) : null,
  };
}
