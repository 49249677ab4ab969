import { utcDate, type ApplicationRegisterDetails, type Treatment, type TreatmentApplication } from '@verdant/contract';
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

export const toRegisterDetails = (r: ApplicationRow, warnings: string[], stock: ApplicationRegisterDetails['stock'] = []): ApplicationRegisterDetails => ({
  started_at: isoOrNull(r.started_at),
  ended_at: isoOrNull(r.ended_at),
  operator_licence: r.operator_licence,
  equipment: r.equipment,
  crop_eppo: r.crop_eppo,
  crop_name: r.crop_name,
  bbch: r.bbch,
  area_m2: r.area_m2,
  area_source: r.area_source,
  water_volume_l: r.water_volume_l,
  weather: r.weather,
  notes: r.notes,
  products: r.products.map((p) => ({ ...p })),
  releases: r.releases.map((x) => ({ ...x })),
  target_problem_ids: [...new Set(r.targets.flatMap((t) => (t.problem_id === null ? [] : [t.problem_id])))],
  observation_ids: r.targets.flatMap((t) => (t.observation_id === null ? [] : [t.observation_id])),
  crossing_ids: r.targets.flatMap((t) => (t.crossing_id === null ? [] : [t.crossing_id])),
  stock,
  warnings,
});
