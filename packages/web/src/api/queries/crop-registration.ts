import { queryOptions } from '@tanstack/react-query';
import {
  getCropHarvests,
  getCropIndicators,
  getCropPlantings,
  getForecastAccuracy,
  getMeasurementTypes,
  getRegistrationWalk,
  getRoomSamplePlants,
  getSamplePlantHistory,
  getSampleSets,
  getHarvestForecast,
} from '../crop-registration';
import { offlineRead } from '../offline-read';

/**
 * Query keys of crop registration (issue 24). A registration invalidates `walks` and `indicators` (and the
 * forecast, which reads the trusses set); a type, planting or set change invalidates what shows it.
 */
export const cropRegistrationKeys = {
  all: (companyId: number) => ['crop-registration', companyId] as const,
  typesAll: (companyId: number) => [...cropRegistrationKeys.all(companyId), 'types'] as const,
  types: (companyId: number, cropId?: number) => [...cropRegistrationKeys.typesAll(companyId), cropId ?? 'all'] as const,
  plantings: (companyId: number) => [...cropRegistrationKeys.all(companyId), 'plantings'] as const,
  setsAll: (companyId: number) => [...cropRegistrationKeys.all(companyId), 'sets'] as const,
  sets: (companyId: number, plantingId: number) => [...cropRegistrationKeys.setsAll(companyId), plantingId] as const,
  roomPlants: (companyId: number, roomId: number, week: string) => [...cropRegistrationKeys.setsAll(companyId), 'room', roomId, week] as const,
  walks: (companyId: number) => [...cropRegistrationKeys.all(companyId), 'walk'] as const,
  walk: (companyId: number, plantingId: number, week: string) => [...cropRegistrationKeys.walks(companyId), plantingId, week] as const,
  /** Under `walks`: a registration or a photo changes it. */
  history: (companyId: number, samplePlantId: number) => [...cropRegistrationKeys.walks(companyId), 'history', samplePlantId] as const,
  indicators: (companyId: number) => [...cropRegistrationKeys.all(companyId), 'indicators'] as const,
  indicatorsOf: (companyId: number, cropId: number, from: string, to: string) =>
    [...cropRegistrationKeys.indicators(companyId), cropId, from, to] as const,
  forecasts: (companyId: number) => [...cropRegistrationKeys.all(companyId), 'forecast'] as const,
  forecast: (companyId: number, plantingId: number) => [...cropRegistrationKeys.forecasts(companyId), 'kept', plantingId] as const,
  forecastMade: (companyId: number, plantingId: number, madeWeek: string) => [...cropRegistrationKeys.forecast(companyId, plantingId), madeWeek] as const,
  accuracy: (companyId: number, plantingId: number, from: string, to: string) =>
    [...cropRegistrationKeys.forecasts(companyId), 'accuracy', plantingId, from, to] as const,
  harvests: (companyId: number, plantingId: number) => [...cropRegistrationKeys.forecasts(companyId), 'harvests', plantingId] as const,
};

/** A crop's measurement types (every crop's without cropId); the walk takes them from its own answer. */
export const measurementTypesQuery = (companyId: number, cropId?: number) =>
  queryOptions({ queryKey: cropRegistrationKeys.types(companyId, cropId), queryFn: () => getMeasurementTypes(companyId, cropId) });

/** The crops grown in rooms: the walk's chooser (offline too), the sample plants, balance and forecast screens. */
export const cropPlantingsQuery = (companyId: number) =>
  queryOptions({
    queryKey: cropRegistrationKeys.plantings(companyId),
    queryFn: ({ queryKey }) => offlineRead(companyId, queryKey, () => getCropPlantings(companyId)),
    networkMode: 'always',
  });

export const sampleSetsQuery = (companyId: number, plantingId: number) =>
  queryOptions({ queryKey: cropRegistrationKeys.sets(companyId, plantingId), queryFn: () => getSampleSets(companyId, plantingId) });

/**
 * A room's running sample plants with their last registration: the room map's marker layer and the QR labels. Read on
 * the floor (the map works offline), so kept on the device. A set change or a registration invalidates `setsAll`.
 */
export const roomSamplePlantsQuery = (companyId: number, roomId: number, week: string) =>
  queryOptions({
    queryKey: cropRegistrationKeys.roomPlants(companyId, roomId, week),
    queryFn: ({ queryKey }) => offlineRead(companyId, queryKey, () => getRoomSamplePlants(companyId, roomId, week)),
    networkMode: 'always',
  });

/** A sample plant's registered weeks with values and photos (its history on the walk), kept on the device too. */
export const samplePlantHistoryQuery = (companyId: number, samplePlantId: number) =>
  queryOptions({
    queryKey: cropRegistrationKeys.history(companyId, samplePlantId),
    queryFn: ({ queryKey }) => offlineRead(companyId, queryKey, () => getSamplePlantHistory(companyId, samplePlantId)),
    networkMode: 'always',
  });

/** The week's walk of a planting: read on the floor, so kept on the device and answered from it offline. */
export const registrationWalkQuery = (companyId: number, plantingId: number, week: string) =>
  queryOptions({
    queryKey: cropRegistrationKeys.walk(companyId, plantingId, week),
    queryFn: ({ queryKey }) => offlineRead(companyId, queryKey, () => getRegistrationWalk(companyId, plantingId, week)),
    networkMode: 'always',
  });

export const cropIndicatorsQuery = (companyId: number, cropId: number, from: string, to: string) =>
  queryOptions({
    queryKey: cropRegistrationKeys.indicatorsOf(companyId, cropId, from, to),
    queryFn: () => getCropIndicators(companyId, { crop_id: cropId, from, to }),
  });

/**
 * The kept forecast of a planting (this week's, else the latest; null when none was run yet). Only read: a forecast
 * is made by the "Run forecast" button (useRunHarvestForecast), which invalidates this.
 */
export const harvestForecastQuery = (companyId: number, plantingId: number) =>
  queryOptions({ queryKey: cropRegistrationKeys.forecast(companyId, plantingId), queryFn: () => getHarvestForecast(companyId, plantingId) });

/** The forecast of a planting made in one past week, with the inputs and model it was made from (null when none was). */
export const keptForecastQuery = (companyId: number, plantingId: number, madeWeek: string) =>
  queryOptions({ queryKey: cropRegistrationKeys.forecastMade(companyId, plantingId, madeWeek), queryFn: () => getHarvestForecast(companyId, plantingId, madeWeek) });

export const forecastAccuracyQuery = (companyId: number, plantingId: number, from: string, to: string) =>
  queryOptions({
    queryKey: cropRegistrationKeys.accuracy(companyId, plantingId, from, to),
    queryFn: () => getForecastAccuracy(companyId, { planting_id: plantingId, from, to }),
  });

export const cropHarvestsQuery = (companyId: number, plantingId: number) =>
  queryOptions({ queryKey: cropRegistrationKeys.harvests(companyId, plantingId), queryFn: () => getCropHarvests(companyId, plantingId) });
