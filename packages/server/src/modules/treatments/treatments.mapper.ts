import { utcDate, type Treatment, type TreatmentApplication } from '@verdant/contract';
import type { TreatmentRow } from './treatments.repository.js';
import type { ApplicationRow } from './applications.repository.js';
import { iso, isoOrNull } from '../../lib/iso.js';

export const toTreatment = (r: TreatmentRow): Treatment => ({
  treatment_id: r.treatment_id,
  treatment_type: r.treatment_type as Treatment['treatment_type'],
  sub_type: r.sub_type,
  notes: r.notes,
  product_id: r.product_id,
  product_name: r.product_name,
  company_id: r.company_id,
  is_deleted: r.is_deleted,
  created_at: iso(r.created_at),
  updated_at: iso(r.updated_at),
});

/** A date column may come back as text or as a Date at UTC midnight, depending on the driver. */
const day = (d: string | Date): string => (d instanceof Date ? utcDate(d) : d.slice(0, 10));

export const toApplication = (r: ApplicationRow): TreatmentApplication => ({
  application_id: r.application_id,
  ApplicationDate: r.applied_at ? iso(r.applied_at) : day(r.application_date),
  ProductName: r.product_name,
  product_id: r.product_id,
  QuantityUsed: r.quantity_used,
  Grid_boxIDs: r.grid_box_ids,
  applied_by: r.applied_by,
  reentry_until: isoOrNull(r.reentry_until),
  preharvest_until: r.preharvest_until === null ? null : day(r.preharvest_until),
});
