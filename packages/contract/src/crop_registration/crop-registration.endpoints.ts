import { z } from 'zod';
import { ADMIN_ROLES, ALL_ROLES, defineEndpoint } from '../http/define-endpoint.js';
import { success } from '../http/envelope.js';
import { CalendarDate, CompanyId, FileField, Id, Int4 } from '../common/fields.js';
import { absentIfBlank } from '../common/list-field.js';
import { cropRegistrationMessages as msg } from './crop-registration.messages.js';
import {
  CropHarvest, CropPlanting, CropPlantingSave, CropTarget, DayTemperature, DayTemperatureInput, ForecastAccuracyRow, HarvestForecast,
  HorizonError, INDICATORS, IndicatorWeek, KeptForecast, MeasurementType, MeasurementTypeSave, RegisteredValue,
  RegisteredWeek, RegistrationPhoto, RegistrationValueInput, RegistrationWalk, RoomSamplePlant, SamplePlantInput, SampleSet, WeekStart,
} from './crop-registration.schemas.js';

const anyone = { kind: 'user', roles: ALL_ROLES } as const;
const admins = { kind: 'user', roles: ADMIN_ROLES } as const;
const company = z.object({ company_id: CompanyId });
const failures = { failure: msg.loadFailed };

/**
 * Verdant extension (issue 24; docs/decisions.md, "Crop registration and harvest forecast"): measurement types per
 * crop, crop plantings per room, sample sets with a rotation rule, the weekly registration walk, indicators with
 * targets and last year, and a stored harvest forecast with its accuracy. Anyone registers and reads; Admins set
 * up types, plantings, sample sets and targets.
 */
export const cropRegistrationEndpoints = {
  getMeasurementTypes: defineEndpoint({
    id: 'getMeasurementTypes', domain: 'crop_registration', method: 'GET', path: '/crop_registration/measurement_types',
    summary: "A crop's measurement types (all crops without crop_id) in form order; tomato, cucumber, sweet pepper and poinsettia get defaults on their first read",
    auth: anyone, tenancy: { company: ['company_id'], resource: true },
    query: company.extend({ crop_id: absentIfBlank(Id) }),
    response: success({ types: z.array(MeasurementType) }),
    clientMessages: failures,
  }),
  saveMeasurementType: defineEndpoint({
    id: 'saveMeasurementType', domain: 'crop_registration', method: 'POST', path: '/crop_registration/measurement_types/save',
    summary: 'Add a measurement type to a crop, or change one (type_id): name, unit, min–max, decimals, how to measure, kind, indicator measure; audited',
    auth: admins, tenancy: { company: ['company_id'], resource: true },
    query: company,
    body: { kind: 'json', schema: MeasurementTypeSave },
    response: success({ message: z.string(), type: MeasurementType }),
    clientMessages: { failure: msg.saveFailed },
  }),
  deleteMeasurementType: defineEndpoint({
    id: 'deleteMeasurementType', domain: 'crop_registration', method: 'DELETE', path: '/crop_registration/measurement_types/delete',
    summary: 'Remove a measurement type from the form; values already registered stay in the history; audited',
    auth: admins, tenancy: { company: ['company_id'], resource: true },
    query: company.extend({ type_id: Id }),
    response: success({ message: z.string(), type_id: z.number() }),
    clientMessages: { failure: msg.deleteFailed },
  }),

  getCropPlantings: defineEndpoint({
    id: 'getCropPlantings', domain: 'crop_registration', method: 'GET', path: '/crop_registration/plantings',
    summary: 'Crops grown in rooms (one room with room_id): area, stems per m², batch, weeks, rotation rule',
    auth: anyone, tenancy: { company: ['company_id'], resource: true },
    query: company.extend({ room_id: absentIfBlank(Id) }),
    response: success({ plantings: z.array(CropPlanting) }),
    clientMessages: failures,
  }),
  saveCropPlanting: defineEndpoint({
    id: 'saveCropPlanting', domain: 'crop_registration', method: 'POST', path: '/crop_registration/plantings/save',
    summary: 'Start a crop in a room, or change one (planting_id): area, stems per m², batch, start and end week, rotation weeks; audited',
    auth: admins, tenancy: { company: ['company_id'], resource: true },
    query: company,
    body: { kind: 'json', schema: CropPlantingSave },
    response: success({ message: z.string(), planting: CropPlanting }),
    clientMessages: { failure: msg.saveFailed },
  }),

  getSampleSets: defineEndpoint({
    id: 'getSampleSets', domain: 'crop_registration', method: 'GET', path: '/crop_registration/sample_sets',
    summary: "A planting's sample sets with their plants (the one measured in week when given): for the map and the labels",
    auth: anyone, tenancy: { company: ['company_id'], resource: true },
    query: company.extend({ planting_id: Id, week: absentIfBlank(WeekStart) }),
    response: success({ sets: z.array(SampleSet) }),
    clientMessages: failures,
  }),
  saveSampleSet: defineEndpoint({
    id: 'saveSampleSet', domain: 'crop_registration', method: 'POST', path: '/crop_registration/sample_sets/save',
    summary: "A new set of sample plants from valid_from for the planting's rotation weeks; a set running then ends the week before; audited",
    auth: admins, tenancy: { company: ['company_id'], resource: true },
    query: company,
    body: {
      kind: 'json',
      schema: z.object({
        planting_id: Id,
        valid_from: WeekStart,
        plants: z.array(SamplePlantInput, { error: 'must be a list of grid boxes' })
          .min(1, { error: 'must name at least one grid box' }).max(500, { error: 'must name at most 500 grid boxes' }),
      }),
    },
    response: success({ message: z.string(), set: SampleSet }),
    clientMessages: { failure: msg.saveFailed },
  }),
  deleteSampleSet: defineEndpoint({
    id: 'deleteSampleSet', domain: 'crop_registration', method: 'DELETE', path: '/crop_registration/sample_sets/delete',
    summary: 'Delete a sample set nothing is registered on yet (409 otherwise); audited',
    auth: admins, tenancy: { company: ['company_id'], resource: true },
    query: company.extend({ set_id: Id }),
    response: success({ message: z.string(), set_id: z.number() }),
    clientMessages: { failure: msg.deleteFailed },
  }),

  getRoomSamplePlants: defineEndpoint({
    id: 'getRoomSamplePlants', domain: 'crop_registration', method: 'GET', path: '/crop_registration/room_sample_plants',
    summary: "The sample plants of a room's sets running in week (default this week), each with its planting, crop and last registration: the room map's markers and the QR labels",
    auth: anyone, tenancy: { company: ['company_id'], resource: true },
    query: company.extend({ room_id: Id, week: absentIfBlank(WeekStart) }),
    response: success({ plants: z.array(RoomSamplePlant) }),
    clientMessages: failures,
  }),

  getRegistrationWalk: defineEndpoint({
    id: 'getRegistrationWalk', domain: 'crop_registration', method: 'GET', path: '/crop_registration/walk',
    summary: "The week's walk of a planting: its sample plants in order with this week's and last week's values and progress (\"12 of 40 plants\")",
    auth: anyone, tenancy: { company: ['company_id'], resource: true },
    query: company.extend({ planting_id: Id, week: WeekStart }),
    response: success({ walk: RegistrationWalk }),
    clientMessages: failures,
  }),
  saveRegistration: defineEndpoint({
    id: 'saveRegistration', domain: 'crop_registration', method: 'POST', path: '/crop_registration/registrations',
    summary: "One sample plant's values for a week: one value per plant, week and type (a resend replaces, never doubles); out of the type's range → 400 unless confirm_out_of_range",
    auth: anyone, tenancy: { company: ['company_id'], resource: true },
    query: company,
    body: {
      kind: 'json',
      schema: z.object({
        sample_plant_id: Id,
        week: WeekStart,
        values: z.array(RegistrationValueInput, { error: 'must be a list of values' })
          .min(1, { error: 'must hold at least one value' }).max(50, { error: 'must hold at most 50 values' }),
        confirm_out_of_range: z.boolean().default(false),
      }),
    },
    response: success({ message: z.string(), sample_plant_id: z.number(), week: z.string(), values: z.array(RegisteredValue) }),
    clientMessages: { failure: msg.saveFailed },
  }),

  saveRegistrationPhoto: defineEndpoint({
    id: 'saveRegistrationPhoto', domain: 'crop_registration', method: 'POST', path: '/crop_registration/registrations/photo',
    summary: "A sample plant's photo of a week (optional, one per plant and week: a new one replaces it); JPEG, PNG or WebP, re-encoded with a thumbnail. Queued offline like the registration",
    auth: anyone, tenancy: { company: ['company_id'], resource: true },
    body: {
      kind: 'multipart',
      schema: z.object({ company_id: CompanyId, sample_plant_id: Id, week: WeekStart, photo: FileField }),
    },
    response: success({ message: z.string(), sample_plant_id: z.number(), week: z.string(), photo: RegistrationPhoto }),
    clientMessages: { failure: msg.saveFailed },
  }),
  getSamplePlantHistory: defineEndpoint({
    id: 'getSamplePlantHistory', domain: 'crop_registration', method: 'GET', path: '/crop_registration/sample_plant_history',
    summary: "A sample plant's registered weeks, newest first (at most `weeks`, default 12, up to 52): values with their type's name and unit, and each week's photo",
    auth: anyone, tenancy: { company: ['company_id'], resource: true },
    query: company.extend({ sample_plant_id: Id, weeks: absentIfBlank(Int4(1).max(52, { error: 'must be at most 52' })) }),
    response: success({ weeks: z.array(RegisteredWeek) }),
    clientMessages: failures,
  }),

  getRoomTemperatures: defineEndpoint({
    id: 'getRoomTemperatures', domain: 'crop_registration', method: 'GET', path: '/crop_registration/temperatures',
    summary: "A room's typed daily mean temperatures from start to end (at most 400 days)",
    auth: anyone, tenancy: { company: ['company_id'], resource: true },
    query: company.extend({ room_id: Id, start: CalendarDate, end: CalendarDate }),
    response: success({ days: z.array(DayTemperature) }),
    clientMessages: failures,
  }),
  saveRoomTemperatures: defineEndpoint({
    id: 'saveRoomTemperatures', domain: 'crop_registration', method: 'POST', path: '/crop_registration/temperatures/save',
    summary: "Typed daily mean temperatures of a room (from the climate computer); a day typed again is replaced",
    auth: anyone, tenancy: { company: ['company_id'], resource: true },
    query: company,
    body: {
      kind: 'json',
      schema: z.object({
        room_id: Id,
        days: z.array(DayTemperatureInput, { error: 'must be a list of days' }).min(1, { error: 'must hold at least one day' }).max(400, { error: 'must hold at most 400 days' }),
      }),
    },
    response: success({ message: z.string(), saved: z.number() }),
    clientMessages: { failure: msg.saveFailed },
  }),

  getCropHarvests: defineEndpoint({
    id: 'getCropHarvests', domain: 'crop_registration', method: 'GET', path: '/crop_registration/harvests',
    summary: "A planting's recorded weekly harvests (kg and kg/m²)",
    auth: anyone, tenancy: { company: ['company_id'], resource: true },
    query: company.extend({ planting_id: Id }),
    response: success({ harvests: z.array(CropHarvest) }),
    clientMessages: failures,
  }),
  saveCropHarvest: defineEndpoint({
    id: 'saveCropHarvest', domain: 'crop_registration', method: 'POST', path: '/crop_registration/harvests/save',
    summary: "A planting's harvest of a week in kg (replaces that week's); kg/m² from the planting's area",
    auth: anyone, tenancy: { company: ['company_id'], resource: true },
    query: company,
    body: {
      kind: 'json',
      schema: z.object({
        planting_id: Id,
        week: WeekStart,
        kg: z.coerce.number({ error: 'must be a number' }).min(0, { error: 'must be 0 or more' }).max(100_000_000, { error: 'must be at most 100000000' }),
      }),
    },
    response: success({ message: z.string(), harvest: CropHarvest }),
    clientMessages: { failure: msg.saveFailed },
  }),

  getCropIndicators: defineEndpoint({
    id: 'getCropIndicators', domain: 'crop_registration', method: 'GET', path: '/crop_registration/indicators',
    summary: "Weekly indicators per room of a crop from `from` to `to` (at most 104 weeks), the same week last year, the crop's targets and each formula",
    auth: anyone, tenancy: { company: ['company_id'], resource: true },
    query: company.extend({ crop_id: Id, from: WeekStart, to: WeekStart, room_id: absentIfBlank(Id) }),
    response: success({
      weeks: z.array(IndicatorWeek),
      targets: z.array(CropTarget),
      formulas: z.object(Object.fromEntries(INDICATORS.map((k) => [k, z.string()])) as Record<(typeof INDICATORS)[number], z.ZodString>),
      units: z.object(Object.fromEntries(INDICATORS.map((k) => [k, z.string()])) as Record<(typeof INDICATORS)[number], z.ZodString>),
    }),
    clientMessages: failures,
  }),
  getCropTargets: defineEndpoint({
    id: 'getCropTargets', domain: 'crop_registration', method: 'GET', path: '/crop_registration/targets',
    summary: "The grower's indicator targets of a crop",
    auth: anyone, tenancy: { company: ['company_id'], resource: true },
    query: company.extend({ crop_id: Id }),
    response: success({ targets: z.array(CropTarget) }),
    clientMessages: failures,
  }),
  saveCropTarget: defineEndpoint({
    id: 'saveCropTarget', domain: 'crop_registration', method: 'POST', path: '/crop_registration/targets/save',
    summary: "Set a crop's target for an indicator (replaces it); audited",
    auth: admins, tenancy: { company: ['company_id'], resource: true },
    query: company,
    body: {
      kind: 'json',
      schema: z.object({
        crop_id: Id,
        indicator: z.enum(INDICATORS, { error: `must be one of ${INDICATORS.join(', ')}` }),
        value: z.coerce.number({ error: 'must be a number' }).min(-1_000_000, { error: 'must be at least -1000000' }).max(1_000_000, { error: 'must be at most 1000000' }),
      }),
    },
    response: success({ message: z.string(), target: CropTarget }),
    clientMessages: { failure: msg.saveFailed },
  }),
  deleteCropTarget: defineEndpoint({
    id: 'deleteCropTarget', domain: 'crop_registration', method: 'DELETE', path: '/crop_registration/targets/delete',
    summary: 'Remove a target; audited',
    auth: admins, tenancy: { company: ['company_id'], resource: true },
    query: company.extend({ target_id: Id }),
    response: success({ message: z.string(), target_id: z.number() }),
    clientMessages: { failure: msg.deleteFailed },
  }),

  runHarvestForecast: defineEndpoint({
    id: 'runHarvestForecast', domain: 'crop_registration', method: 'POST', path: '/crop_registration/forecast',
    summary: "Forecast kg/m² for the 5 weeks after made_week (default this week) of a planting, or of every running planting of a crop; each run is kept (replacing that made week's)",
    auth: anyone, tenancy: { company: ['company_id'], resource: true },
    query: company,
    body: {
      kind: 'json',
      schema: z.object({ planting_id: absentIfBlank(Id), crop_id: absentIfBlank(Id), made_week: absentIfBlank(WeekStart) }),
    },
    response: success({ message: z.string(), forecasts: z.array(HarvestForecast) }),
    clientMessages: { failure: msg.saveFailed },
  }),
  getHarvestForecast: defineEndpoint({
    id: 'getHarvestForecast', domain: 'crop_registration', method: 'GET', path: '/crop_registration/forecast/latest',
    summary: "The kept forecast of a planting (planting_id) or of each planting of a room (room_id) with its inputs and model: this week's, else the latest made before; the one made in made_week when given; read only, never made here (404 when none was run)",
    auth: anyone, tenancy: { company: ['company_id'], resource: true },
    query: company.extend({ planting_id: absentIfBlank(Id), room_id: absentIfBlank(Id), made_week: absentIfBlank(WeekStart) }),
    response: success({ forecasts: z.array(KeptForecast) }),
    clientMessages: failures,
  }),
  getForecastAccuracy: defineEndpoint({
    id: 'getForecastAccuracy', domain: 'crop_registration', method: 'GET', path: '/crop_registration/forecast_accuracy',
    summary: "A planting's kept forecasts against its recorded harvests from `from` to `to`, and the MAPE per horizon (weeks with a harvest only)",
    auth: anyone, tenancy: { company: ['company_id'], resource: true },
    query: company.extend({ planting_id: Id, from: WeekStart, to: WeekStart }),
    response: success({ rows: z.array(ForecastAccuracyRow), horizons: z.array(HorizonError) }),
    clientMessages: failures,
  }),
};
