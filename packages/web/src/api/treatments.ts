import { treatmentsEndpoints as ep, type Treatment, type TREATMENT_TYPES } from '@verdant/contract';

export type TreatmentType = (typeof TREATMENT_TYPES)[number];
import { callEndpoint } from './call-endpoint';

export interface TreatmentFields {
  sub_type: string;
  notes: string;
}

/** GET /get_all_treatment?company_id: every treatment, deleted ones included (is_deleted) so they can be restored. */
export async function getAllTreatments(companyId: number): Promise<Treatment[]> {
  return (await callEndpoint(ep.getAllTreatment, { company_id: companyId })).treatments;
}

/** POST /create_treatment (treatment_type, data: the product, sub-type and notes). */
export async function createTreatment(companyId: number, type: TreatmentType, productId: number, fields: TreatmentFields): Promise<Treatment> {
  const res = await callEndpoint(ep.createTreatment, { company_id: companyId, treatment_type: type, data: { product_id: productId, ...fields } });
  return res.treatment;
}

/** PUT /update_treatment?company_id&product_id (body treatment_type and data). */
export async function updateTreatment(companyId: number, type: TreatmentType, productId: number, fields: TreatmentFields): Promise<Treatment> {
  const res = await callEndpoint(ep.updateTreatment, { company_id: companyId, product_id: productId, treatment_type: type, data: fields });
  return res.treatment;
}

/** PATCH /delete_treatment (treatment_type, company_id, product_id): a toggle; answers the treatment's new state. */
export async function toggleTreatmentDeleted(companyId: number, type: TreatmentType, productId: number): Promise<Treatment> {
  return (await callEndpoint(ep.deleteTreatment, { company_id: companyId, treatment_type: type, product_id: productId })).treatment;
}

/** The register fields of an application (issue 22), each optional; the names the phone types them under. */
export interface ApplicationRegisterInput {
  endedAt?: string;
  equipment?: string;
  cropEppo?: string;
  bbch?: number;
  areaM2?: number;
  waterVolumeL?: number;
  dose?: number;
  doseUnit?: string;
  quantityUnit?: string;
  tankMix?: ReadonlyArray<{ productName: string; quantity: number; quantityUnit?: string }>;
  weather?: { temperature_c?: number; humidity_pct?: number; wind_speed_ms?: number; source?: 'typed' | 'weather_service' };
  /** Beneficials released with (or instead of) the spray. */
  releases?: ReadonlyArray<{ species: string; quantityPerM2: number; method: string }>;
  /** What the application was against: library or company problems, and the observations that led to it. */
  targetProblemIds?: readonly number[];
  observationIds?: readonly number[];
  /** The threshold crossings that led to it (get_threshold_crossings_for_boxes). */
  crossingIds?: readonly number[];
}

/**
 * The fields of POST /link_treatment_products_gridboxes, as the outbox stores them (Grid_boxIDs a JSON list,
 * spec-2 §7; the register's lists and objects as JSON text the same way). Only the fields given are sent.
 */
export function linkTreatmentBody(input: { date: string; productName: string; quantity: number; boxIds: readonly number[]; register?: ApplicationRegisterInput }) {
  const r = input.register ?? {};
  const { source, ...readings } = r.weather ?? {};
  const weather = Object.values(readings).some((v) => v !== undefined) ? JSON.stringify({ ...readings, source: source ?? 'typed' }) : undefined;
  const optional = {
    StartTime: r.endedAt ? input.date : undefined,
    EndTime: r.endedAt,
    Equipment: r.equipment,
    CropEppo: r.cropEppo,
    BBCH: r.bbch,
    AreaM2: r.areaM2,
    WaterVolumeL: r.waterVolumeL,
    Dose: r.dose,
    DoseUnit: r.doseUnit,
    QuantityUnit: r.quantityUnit,
    TankMix: r.tankMix && r.tankMix.length > 0
      ? JSON.stringify(r.tankMix.map((l) => ({ ProductName: l.productName, QuantityUsed: l.quantity, ...(l.quantityUnit ? { QuantityUnit: l.quantityUnit } : {}) })))
      : undefined,
    Weather: weather,
    Releases: r.releases && r.releases.length > 0
      ? JSON.stringify(r.releases.map((l) => ({ Species: l.species, QuantityPerM2: l.quantityPerM2, Method: l.method })))
      : undefined,
    TargetProblemIDs: r.targetProblemIds && r.targetProblemIds.length > 0 ? JSON.stringify([...r.targetProblemIds]) : undefined,
    ObservationIDs: r.observationIds && r.observationIds.length > 0 ? JSON.stringify([...r.observationIds]) : undefined,
    CrossingIDs: r.crossingIds && r.crossingIds.length > 0 ? JSON.stringify([...r.crossingIds]) : undefined,
  };
  return {
    ApplicationDate: input.date,
    ProductName: input.productName,
    QuantityUsed: input.quantity,
    Grid_boxIDs: JSON.stringify([...input.boxIds]),
    ...Object.fromEntries(Object.entries(optional).filter(([, v]) => v !== undefined && v !== '')),
  };
}
