import { cropRegistrationEndpoints as ep, type EndpointOutput, type EndpointRequest } from '@verdant/contract';
import { ApiError } from './api-error';
import { callEndpoint } from './call-endpoint';

type Ep = typeof ep;
/** The body of one of the crop registration calls, without the company (the client adds it). */
type Body<K extends keyof Ep> = Omit<EndpointRequest<Ep[K]>, 'company_id'>;
type Answer<K extends keyof Ep> = EndpointOutput<Ep[K]>;

/** GET /crop_registration/measurement_types: a crop's types in form order (every crop's without cropId). */
export async function getMeasurementTypes(companyId: number, cropId?: number) {
  return (await callEndpoint(ep.getMeasurementTypes, { company_id: companyId, ...(cropId ? { crop_id: cropId } : {}) })).types;
}

/** POST /crop_registration/measurement_types/save: a new type of a crop, or a change to one (type_id). */
export async function saveMeasurementType(companyId: number, type: Body<'saveMeasurementType'>) {
  return (await callEndpoint(ep.saveMeasurementType, { company_id: companyId, ...type })).type;
}

/** DELETE /crop_registration/measurement_types/delete: off the form; its past values stay. */
export async function deleteMeasurementType(companyId: number, typeId: number) {
  await callEndpoint(ep.deleteMeasurementType, { company_id: companyId, type_id: typeId });
}

/** GET /crop_registration/plantings: the crops grown in rooms (one room's with roomId). */
export async function getCropPlantings(companyId: number, roomId?: number) {
  return (await callEndpoint(ep.getCropPlantings, { company_id: companyId, ...(roomId ? { room_id: roomId } : {}) })).plantings;
}

/** POST /crop_registration/plantings/save: a crop started in a room, or a change to one (planting_id). */
export async function saveCropPlanting(companyId: number, planting: Body<'saveCropPlanting'>) {
  return (await callEndpoint(ep.saveCropPlanting, { company_id: companyId, ...planting })).planting;
}

/** GET /crop_registration/room_sample_plants: a room's running sample plants with their last registration (map, labels). */
export async function getRoomSamplePlants(companyId: number, roomId: number, week?: string) {
  return (await callEndpoint(ep.getRoomSamplePlants, { company_id: companyId, room_id: roomId, ...(week ? { week } : {}) })).plants;
}

/** GET /crop_registration/sample_plant_history: a sample plant's registered weeks, newest first, with values and photos. */
export async function getSamplePlantHistory(companyId: number, samplePlantId: number) {
  return (await callEndpoint(ep.getSamplePlantHistory, { company_id: companyId, sample_plant_id: samplePlantId })).weeks;
}

/** GET /crop_registration/sample_sets: a planting's sample sets with their plants. */
export async function getSampleSets(companyId: number, plantingId: number) {
  return (await callEndpoint(ep.getSampleSets, { company_id: companyId, planting_id: plantingId })).sets;
}

/** POST /crop_registration/sample_sets/save: a new set of sample plants from a week on (the rotation rule). */
export async function saveSampleSet(companyId: number, set: Body<'saveSampleSet'>) {
  return (await callEndpoint(ep.saveSampleSet, { company_id: companyId, ...set })).set;
}

/** DELETE /crop_registration/sample_sets/delete: a set nothing is registered on yet. */
export async function deleteSampleSet(companyId: number, setId: number) {
  await callEndpoint(ep.deleteSampleSet, { company_id: companyId, set_id: setId });
}

/** GET /crop_registration/walk: the week's walk of a planting (plants in order, this and last week's values, progress). */
export async function getRegistrationWalk(companyId: number, plantingId: number, week: string) {
  return (await callEndpoint(ep.getRegistrationWalk, { company_id: companyId, planting_id: plantingId, week })).walk;
}

/** GET /crop_registration/indicators: weekly indicators per room of a crop, last year's, the targets and the formulas. */
export async function getCropIndicators(companyId: number, query: Body<'getCropIndicators'>): Promise<Answer<'getCropIndicators'>> {
  return callEndpoint(ep.getCropIndicators, { company_id: companyId, ...query });
}

/** POST /crop_registration/targets/save: a crop's target for an indicator (replaces it). */
export async function saveCropTarget(companyId: number, target: Body<'saveCropTarget'>) {
  return (await callEndpoint(ep.saveCropTarget, { company_id: companyId, ...target })).target;
}

/** DELETE /crop_registration/targets/delete. */
export async function deleteCropTarget(companyId: number, targetId: number) {
  await callEndpoint(ep.deleteCropTarget, { company_id: companyId, target_id: targetId });
}

/** GET /crop_registration/harvests: a planting's recorded weekly harvests. */
export async function getCropHarvests(companyId: number, plantingId: number) {
  return (await callEndpoint(ep.getCropHarvests, { company_id: companyId, planting_id: plantingId })).harvests;
}

/** POST /crop_registration/harvests/save: a week's harvest in kg (replaces that week's). */
export async function saveCropHarvest(companyId: number, harvest: Body<'saveCropHarvest'>) {
  return (await callEndpoint(ep.saveCropHarvest, { company_id: companyId, ...harvest })).harvest;
}

/**
 * POST /crop_registration/forecast: this week's forecast of a planting (or every running planting of a crop),
 * made and kept by the server — a repeat in the same week replaces that week's, so reading it twice is harmless.
 */
export async function runHarvestForecast(companyId: number, which: Body<'runHarvestForecast'>) {
  return (await callEndpoint(ep.runHarvestForecast, { company_id: companyId, ...which })).forecasts;
}

/**
 * GET /crop_registration/forecast/latest: a planting's kept forecast (this week's, else the latest), read only;
 * null when none was run yet (the server's 404).
 */
export async function getHarvestForecast(companyId: number, plantingId: number, madeWeek?: string) {
  try {
    return (await callEndpoint(ep.getHarvestForecast, { company_id: companyId, planting_id: plantingId, ...(madeWeek ? { made_week: madeWeek } : {}) })).forecasts[0] ?? null;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

/** GET /crop_registration/forecast_accuracy: kept forecasts against recorded harvests, and MAPE per horizon. */
export async function getForecastAccuracy(companyId: number, query: Body<'getForecastAccuracy'>): Promise<Answer<'getForecastAccuracy'>> {
  return callEndpoint(ep.getForecastAccuracy, { company_id: companyId, ...query });
}
