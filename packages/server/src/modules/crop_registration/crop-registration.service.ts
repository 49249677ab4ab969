import {
  addDays, checkMeasurementValue, cropRegistrationMessages as msg, daysBetween, FORECAST_HORIZONS, ForecastInputs, INDICATOR_FORMULAS, INDICATOR_UNITS, mondayOf,
  type CropTarget, type EndpointInput, type HarvestForecast, type Indicator, type IndicatorWeek, type MeasurementKind, type cropRegistrationEndpoints,
} from '@verdant/contract';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Caller } from '../../plugins/auth.js';
import type { Deps } from '../../lib/deps.js';
import { writeAudit } from '../../lib/audit.js';
import { deleteFilesQuietly, imageUrl, processImage, storeImage } from '../../lib/images/images.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import { dailyMeanTemperatures } from '../weather/index.js';
import { DEFAULT_MEASUREMENT_TYPES } from './crop-registration.defaults.js';
import { FORECAST_LOOKBACK_WEEKS, forecastHarvest } from './crop-registration.forecast.js';
import { balanceLabel, groupSums, indicatorWeeks, rangeWeeks } from './crop-registration.indicators.js';
import { toPlanting, toSamplePlant, toType } from './crop-registration.mapper.js';
import * as repo from './crop-registration.repository.js';

type Input<K extends keyof typeof cropRegistrationEndpoints> = EndpointInput<(typeof cropRegistrationEndpoints)[K]>;
const ok = 'success' as const;

// --- measurement types -----------------------------------------------------------------------------------

/** Puts in the defaults of the company's crops that have them and never had them (docs/decisions.md). */
async function seedTypes(deps: Deps, companyId: number, cropId?: number) {
  const seeded = await repo.seededCrops(deps.db, companyId);
  const crops = (await repo.cropsOfCompany(deps.db, companyId))
    .filter((c) => (cropId === undefined || c.crop_id === cropId) && DEFAULT_MEASUREMENT_TYPES[c.eppo_code] && !seeded.has(c.crop_id));
  if (crops.length === 0) return;
  await deps.db.transaction().execute(async (trx) => {
    for (const crop of crops) {
      if (!(await repo.markSeeded(trx, companyId, crop.crop_id))) continue;
      await repo.lockCrop(trx, crop.crop_id);
      const live = await repo.liveTypes(trx, companyId, crop.crop_id);
      const taken = new Set(live.map((t) => t.name.toLowerCase()));
      const measures = new Set(live.map((t) => t.measure));
      const rows = DEFAULT_MEASUREMENT_TYPES[crop.eppo_code]!
        .filter((d) => !taken.has(d.name.toLowerCase()) && (d.measure === null || !measures.has(d.measure)))
        .map((d, i) => ({
          company_id: companyId, crop_id: crop.crop_id, name: d.name, unit: d.unit, min: d.min, max: d.max, decimals: d.decimals,
          how_to_measure: d.how, kind: d.kind, measure: d.measure, position: live.length + i, is_default: true, created_by: null,
        }));
      await repo.insertTypes(trx, rows);
    }
  });
}

export async function listTypes(deps: Deps, caller: Caller, input: Input<'getMeasurementTypes'>) {
  if (input.crop_id !== undefined && !(await repo.cropOf(deps.db, caller.company_id, input.crop_id))) throw notFound('Crop');
  await seedTypes(deps, caller.company_id, input.crop_id);
  return { status: ok, types: (await repo.liveTypes(deps.db, caller.company_id, input.crop_id)).map(toType) };
}

export async function saveType(deps: Deps, caller: Caller, input: Input<'saveMeasurementType'>) {
  if (input.min > input.max) throw badRequest(msg.minAboveMax, 'min');
  if (!(await repo.cropOf(deps.db, caller.company_id, input.crop_id))) throw notFound('Crop');
  // The defaults go in first, so a type added before the first read does not stop them (or clash with them later).
  await seedTypes(deps, caller.company_id, input.crop_id);
  const measure = input.kind === 'truss_position' || input.measure !== undefined ? (input.measure ?? null) : null;
  const id = await deps.db.transaction().execute(async (trx) => {
    await repo.lockCrop(trx, input.crop_id);
    const before = input.type_id === undefined ? undefined : await repo.findType(trx, caller.company_id, input.type_id);
    if (input.type_id !== undefined && (!before || before.crop_id !== input.crop_id)) throw notFound('Measurement type');
    const clash = await repo.typeClash(trx, input.crop_id, input.name, measure, input.type_id);
    if (clash.name) throw new AppError('conflict', msg.typeNameTaken, 'name');
    if (clash.measure) throw new AppError('conflict', msg.measureTaken, 'measure');
    const fields = {
      name: input.name, unit: input.unit, min: input.min, max: input.max, decimals: input.decimals, how_to_measure: input.how_to_measure,
      kind: input.kind, measure, position: input.position ?? before?.position ?? (await repo.nextPosition(trx, input.crop_id)),
    };
    if (!before) {
      const [row] = await repo.insertTypes(trx, [{ ...fields, company_id: caller.company_id, crop_id: input.crop_id, is_default: false, created_by: caller.user_id }]);
      await writeAudit(trx, { companyId: caller.company_id, userId: caller.user_id, action: 'measurement_type.create', entityType: 'measurement_type', entityId: row!.type_id, after: fields });
      return row!.type_id;
    }
    await repo.updateType(trx, before.type_id, fields);
    await writeAudit(trx, { companyId: caller.company_id, userId: caller.user_id, action: 'measurement_type.update', entityType: 'measurement_type', entityId: before.type_id, before, after: fields });
    return before.type_id;
  });
  return { status: ok, message: msg.typeSaved, type: toType((await repo.findType(deps.db, caller.company_id, id))!) };
}

export async function deleteType(deps: Deps, caller: Caller, typeId: number) {
  await deps.db.transaction().execute(async (trx) => {
    const before = await repo.findType(trx, caller.company_id, typeId);
    if (!before) throw notFound('Measurement type');
    await repo.softDeleteType(trx, typeId);
    await writeAudit(trx, { companyId: caller.company_id, userId: caller.user_id, action: 'measurement_type.delete', entityType: 'measurement_type', entityId: typeId, before });
  });
  return { status: ok, message: msg.typeDeleted, type_id: typeId };
}

// --- plantings -------------------------------------------------------------------------------------------

async function plantingOf(deps: Deps, caller: Caller, plantingId: number) {
  const p = await repo.findPlanting(deps.db, caller.company_id, plantingId);
  if (!p) throw notFound('Crop planting');
  return p;
}

export async function listPlantings(deps: Deps, caller: Caller, input: Input<'getCropPlantings'>) {
  if (input.room_id !== undefined && !(await repo.roomOf(deps.db, caller.company_id, input.room_id))) throw notFound('Room');
  return { status: ok, plantings: (await repo.listPlantings(deps.db, caller.company_id, { roomId: input.room_id })).map(toPlanting) };
}

export async function savePlanting(deps: Deps, caller: Caller, input: Input<'saveCropPlanting'>) {
  if (input.end_week !== undefined && input.end_week < input.start_week) throw badRequest('end_week must be on or after start_week.', 'end_week');
  if (!(await repo.roomOf(deps.db, caller.company_id, input.room_id))) throw notFound('Room');
  if (!(await repo.cropOf(deps.db, caller.company_id, input.crop_id))) throw notFound('Crop');
  if (input.batch_id !== undefined && !(await repo.batchOf(deps.db, caller.company_id, input.batch_id))) throw notFound('Batch');
  const row = {
    room_id: input.room_id, crop_id: input.crop_id, batch_id: input.batch_id ?? null, area_m2: input.area_m2, stems_per_m2: input.stems_per_m2,
    start_week: input.start_week, end_week: input.end_week ?? null, rotation_weeks: input.rotation_weeks,
  };
  const id = await deps.db.transaction().execute(async (trx) => {
    if (input.planting_id === undefined) {
      const plantingId = await repo.insertPlanting(trx, { ...row, company_id: caller.company_id, created_by: caller.user_id });
      await writeAudit(trx, { companyId: caller.company_id, userId: caller.user_id, action: 'crop_planting.create', entityType: 'crop_planting', entityId: plantingId, after: row });
      return plantingId;
    }
    const before = await repo.lockPlanting(trx, caller.company_id, input.planting_id);
    if (!before) throw notFound('Crop planting');
    await repo.updatePlanting(trx, input.planting_id, row);
    await writeAudit(trx, { companyId: caller.company_id, userId: caller.user_id, action: 'crop_planting.update', entityType: 'crop_planting', entityId: input.planting_id, before, after: row });
    return input.planting_id;
  });
  return { status: ok, message: msg.plantingSaved, planting: toPlanting((await repo.findPlanting(deps.db, caller.company_id, id))!) };
}

// --- sample sets -----------------------------------------------------------------------------------------

async function setsWithPlants(deps: Deps, companyId: number, sets: repo.SetRow[], roomId: number) {
  const plants = await repo.plantsOfSets(deps.db, companyId, sets.map((s) => s.set_id));
  return sets.map((s) => ({ ...s, room_id: roomId, plants: plants.filter((p) => p.set_id === s.set_id).map(toSamplePlant) }));
}

export async function listSets(deps: Deps, caller: Caller, input: Input<'getSampleSets'>) {
  const planting = await plantingOf(deps, caller, input.planting_id);
  const sets = await repo.setsOfPlanting(deps.db, caller.company_id, planting.planting_id, input.week);
  return { status: ok, sets: await setsWithPlants(deps, caller.company_id, sets, planting.room_id) };
}

/**
 * The rotation rule: a set runs `rotation_weeks` weeks from valid_from. A set running in valid_from ends the week
 * before; a set starting in or after valid_from is a conflict (delete it first).
 */
export async function saveSet(deps: Deps, caller: Caller, input: Input<'saveSampleSet'>) {
  const boxIds = input.plants.map((p) => p.grid_box_id);
  if (new Set(boxIds).size !== boxIds.length) throw badRequest(msg.duplicatePosition, 'plants');
  const setId = await deps.db.transaction().execute(async (trx) => {
    const planting = await repo.lockPlanting(trx, caller.company_id, input.planting_id);
    if (!planting) throw notFound('Crop planting');
    const inRoom = new Set((await repo.boxesInRoom(trx, caller.company_id, planting.room_id, boxIds)).map((b) => b.grid_box_id));
    const missing = boxIds.findIndex((id) => !inRoom.has(id));
    if (missing >= 0) throw notFound('Grid box');
    const plantIds = input.plants.flatMap((p) => (p.plant_id === undefined ? [] : [p.plant_id]));
    if (plantIds.length && (await repo.plantsOfCompany(trx, caller.company_id, plantIds)).length !== new Set(plantIds).size) throw notFound('Plant');
    const sets = await repo.setsOfPlanting(trx, caller.company_id, planting.planting_id);
    if (sets.some((s) => s.valid_from >= input.valid_from)) throw new AppError('conflict', msg.setStartsLater, 'valid_from');
    for (const s of sets) if (s.valid_to >= input.valid_from) await repo.endSet(trx, s.set_id, addDays(input.valid_from, -7));
    const validTo = addDays(input.valid_from, 7 * (planting.rotation_weeks - 1));
    const id = await repo.insertSet(trx, { company_id: caller.company_id, planting_id: planting.planting_id, valid_from: input.valid_from, valid_to: validTo, created_by: caller.user_id });
    await repo.insertSamplePlants(trx, input.plants.map((p, i) => ({
      company_id: caller.company_id, set_id: id, grid_box_id: p.grid_box_id, plant_id: p.plant_id ?? null, label: p.label ?? null, position: i,
    })));
    await writeAudit(trx, { companyId: caller.company_id, userId: caller.user_id, action: 'sample_set.create', entityType: 'sample_set', entityId: id, after: { planting_id: planting.planting_id, valid_from: input.valid_from, valid_to: validTo, grid_box_ids: boxIds } });
    return id;
  });
  const set = (await repo.findSet(deps.db, caller.company_id, setId))!;
  const planting = await plantingOf(deps, caller, set.planting_id);
  return { status: ok, message: msg.setSaved, set: (await setsWithPlants(deps, caller.company_id, [set], planting.room_id))[0]! };
}

export async function deleteSet(deps: Deps, caller: Caller, setId: number) {
  await deps.db.transaction().execute(async (trx) => {
    const set = await repo.findSet(trx, caller.company_id, setId);
    if (!set) throw notFound('Sample set');
    await repo.lockPlanting(trx, caller.company_id, set.planting_id);
    if (await repo.setHasValues(trx, caller.company_id, setId)) throw new AppError('conflict', msg.setHasValues, 'set_id');
    await repo.deleteSet(trx, setId);
    await writeAudit(trx, { companyId: caller.company_id, userId: caller.user_id, action: 'sample_set.delete', entityType: 'sample_set', entityId: setId, before: set });
  });
  return { status: ok, message: msg.setDeleted, set_id: setId };
}

/**
 * The sample plants of a room's sets running in a week (this week by default), with their last registration on or
 * before it: the room map's markers (a tap shows the last registration) and the QR labels.
 */
export async function roomSamplePlants(deps: Deps, caller: Caller, input: Input<'getRoomSamplePlants'>, today: string) {
  if (!(await repo.roomOf(deps.db, caller.company_id, input.room_id))) throw notFound('Room');
  const week = input.week ?? mondayOf(today);
  const sets = await repo.runningSetsOfRoom(deps.db, caller.company_id, input.room_id, week);
  const plants = (await repo.plantsOfSets(deps.db, caller.company_id, sets.map((s) => s.set_id))).map(toSamplePlant);
  const ids = plants.map((p) => p.sample_plant_id);
  const last = await repo.lastValuesOf(deps.db, caller.company_id, ids, week);
  const photos = await repo.photosOf(deps.db, caller.company_id, ids, [...new Set(last.map((v) => v.week))]);
  const setOf = new Map(sets.map((s) => [s.set_id, s]));
  return {
    status: ok,
    plants: plants.map((p) => {
      const set = setOf.get(p.set_id)!;
      const values = last.filter((v) => v.sample_plant_id === p.sample_plant_id);
      return {
        ...p, planting_id: set.planting_id, crop_name: set.crop_name, valid_from: set.valid_from, valid_to: set.valid_to,
        last_registration: values.length === 0 ? null : registeredWeek(values[0]!.week, values, photos.find((f) => f.sample_plant_id === p.sample_plant_id && f.week === values[0]!.week)),
      };
    }),
  };
}

const toPhoto = (row: repo.PhotoRow | undefined) => (row ? { image_url: imageUrl(row.image_key), thumb_url: imageUrl(row.thumb_key) } : null);

/** One registered week as the map's sheet and the plant's history show it. */
const registeredWeek = (week: string, values: Array<Omit<repo.NamedValueRow, 'week' | 'sample_plant_id'>>, photo: repo.PhotoRow | undefined) => ({
  week,
  values: values.map((v) => ({ type_id: v.type_id, name: v.name, unit: v.unit, kind: v.kind as MeasurementKind, value: v.value, out_of_range: v.out_of_range })),
  photo: toPhoto(photo),
});

export const HISTORY_WEEKS = 12;

/** A sample plant's registered weeks, newest first, with values and photos: the plant's history on the walk. */
export async function samplePlantHistory(deps: Deps, caller: Caller, input: Input<'getSamplePlantHistory'>) {
  const sp = await repo.samplePlantOf(deps.db, caller.company_id, input.sample_plant_id);
  if (!sp) throw notFound('Sample plant');
  const weeks = await repo.registeredWeeks(deps.db, caller.company_id, sp.sample_plant_id, input.weeks ?? HISTORY_WEEKS);
  const [values, photos] = await Promise.all([
    repo.namedValuesOf(deps.db, caller.company_id, [sp.sample_plant_id], weeks),
    repo.photosOf(deps.db, caller.company_id, [sp.sample_plant_id], weeks),
  ]);
  return {
    status: ok,
    weeks: weeks.map((w) => registeredWeek(w, values.filter((v) => v.week === w), photos.find((f) => f.week === w))),
  };
}

/**
 * A sample plant's photo of a week (optional, one per plant and week): checked and re-encoded like every upload
 * (lib/images), stored under the company's prefix, replacing the week's photo before (its files go after the commit).
 */
export async function savePhoto(deps: Deps<'files' | 'config' | 'log'>, caller: Caller, input: Input<'saveRegistrationPhoto'>) {
  const sp = await repo.samplePlantOf(deps.db, caller.company_id, input.sample_plant_id);
  if (!sp) throw notFound('Sample plant');
  if (input.week < sp.valid_from || input.week > sp.valid_to) throw badRequest(msg.weekOutsideSet, 'week');
  const processed = await processImage(input.photo, 'photo', { maxBytes: deps.config.limits.fileBytes });
  const stored = await storeImage(deps.files, caller.company_id, `crop-registration/${sp.sample_plant_id}`, processed);
  const before = await deps.db.transaction().execute(async (trx) => {
    await repo.lockSamplePlant(trx, sp.sample_plant_id);
    const replaced = await repo.replacePhoto(trx, {
      company_id: caller.company_id, sample_plant_id: sp.sample_plant_id, week: input.week, image_key: stored.imageKey, thumb_key: stored.thumbKey, uploaded_by: caller.user_id,
    });
    await writeAudit(trx, { companyId: caller.company_id, userId: caller.user_id, action: 'crop_registration.photo', entityType: 'sample_plant', entityId: sp.sample_plant_id, after: { week: input.week, image_key: stored.imageKey } });
    return replaced;
  });
  if (before) await deleteFilesQuietly(deps.files, [before.image_key, before.thumb_key], deps.log);
  return {
    status: ok, message: msg.photoSaved, sample_plant_id: sp.sample_plant_id, week: input.week,
    photo: { image_url: imageUrl(stored.imageKey), thumb_url: imageUrl(stored.thumbKey) },
  };
}

// --- the walk and registrations --------------------------------------------------------------------------

export async function walk(deps: Deps, caller: Caller, input: Input<'getRegistrationWalk'>) {
  const planting = await plantingOf(deps, caller, input.planting_id);
  await seedTypes(deps, caller.company_id, planting.crop_id);
  const types = (await repo.liveTypes(deps.db, caller.company_id, planting.crop_id)).map(toType);
  const [set] = await repo.setsOfPlanting(deps.db, caller.company_id, planting.planting_id, input.week);
  const plants = set ? (await repo.plantsOfSets(deps.db, caller.company_id, [set.set_id])).map(toSamplePlant) : [];
  const lastWeek = addDays(input.week, -7);
  const [values, photos] = await Promise.all([
    repo.valuesOf(deps.db, caller.company_id, plants.map((p) => p.sample_plant_id), [input.week, lastWeek]),
    repo.photosOf(deps.db, caller.company_id, plants.map((p) => p.sample_plant_id), [input.week]),
  ]);
  const pick = (id: number, week: string) =>
    values.filter((v) => v.sample_plant_id === id && v.week === week).map((v) => ({ type_id: v.type_id, value: v.value, out_of_range: v.out_of_range }));
  const walkPlants = plants.map((p) => {
    const now = pick(p.sample_plant_id, input.week);
    return { ...p, values: now, photo: toPhoto(photos.find((f) => f.sample_plant_id === p.sample_plant_id)), last_week: pick(p.sample_plant_id, lastWeek), done: now.length > 0 };
  });
  const done = walkPlants.filter((p) => p.done).length;
  return {
    status: ok,
    walk: {
      week: input.week,
      planting: toPlanting(planting),
      set: set ? { ...set, room_id: planting.room_id } : null,
      rotation_due: !set,
      types,
      plants: walkPlants,
      progress: { done, total: walkPlants.length, text: `${done} of ${walkPlants.length} plants` },
    },
  };
}

/** Adds the change of one value to the planting's week sums. */
async function addChange(trx: Transaction<DB>, key: { company_id: number; planting_id: number; week: string; type_id: number },
  before: { value: number; delta: number | null } | undefined, after: { value: number; delta: number | null }) {
  await repo.addToWeek(trx, {
    ...key,
    n: before ? 0 : 1,
    sum_value: after.value - (before?.value ?? 0),
    n_delta: (after.delta !== null ? 1 : 0) - (before && before.delta !== null ? 1 : 0),
    sum_delta: (after.delta ?? 0) - (before?.delta ?? 0),
  });
}

/**
 * One sample plant's values of a week. A value already registered is replaced (a resend never doubles); each value
 * keeps its delta to last week's, and next week's value its delta to this one, with the planting's week sums.
 */
export async function register(deps: Deps, caller: Caller, input: Input<'saveRegistration'>) {
  const sp = await repo.samplePlantOf(deps.db, caller.company_id, input.sample_plant_id);
  if (!sp) throw notFound('Sample plant');
  if (input.week < sp.valid_from || input.week > sp.valid_to) throw badRequest(msg.weekOutsideSet, 'week');
  const types = new Map((await repo.liveTypes(deps.db, caller.company_id, sp.crop_id)).map((t) => [t.type_id, toType(t)]));
  for (const [i, v] of input.values.entries()) {
    if (types.has(v.type_id)) continue;
    // Another crop's type of the company is a mistake to name; a type of no crop of the company is not found.
    if (await repo.findType(deps.db, caller.company_id, v.type_id)) throw badRequest(`values.${i}.type_id ${msg.typeOfOtherCrop}`, `values.${i}.type_id`);
    throw notFound('Measurement type');
  }
  const seen = new Set<number>();
  const checked = input.values.map((v, i) => {
    const type = types.get(v.type_id)!;
    if (seen.has(v.type_id)) throw badRequest(`values.${i}.type_id is listed twice`, `values.${i}.type_id`);
    seen.add(v.type_id);
    const c = checkMeasurementValue(type, v.value);
    if (!c.ok) throw badRequest(`values.${i}.value ${c.error}`, `values.${i}.value`);
    if (c.out_of_range && !input.confirm_out_of_range) {
      throw badRequest(msg.outOfRange(type.name, String(v.value), String(type.min), String(type.max), type.unit), `values.${i}.value`);
    }
    return { type_id: v.type_id, value: c.value, out_of_range: c.out_of_range };
  });
  const prevWeek = addDays(input.week, -7);
  const nextWeek = addDays(input.week, 7);
  await deps.db.transaction().execute(async (trx) => {
    await repo.lockSamplePlant(trx, sp.sample_plant_id);
    const existing = await repo.valuesOf(trx, caller.company_id, [sp.sample_plant_id], [prevWeek, input.week, nextWeek]);
    const at = (week: string, typeId: number) => existing.find((e) => e.week === week && e.type_id === typeId);
    for (const v of checked) {
      const before = at(input.week, v.type_id);
      const prev = at(prevWeek, v.type_id);
      const delta = prev ? v.value - prev.value : null;
      await repo.upsertValue(trx, {
        company_id: caller.company_id, sample_plant_id: sp.sample_plant_id, week: input.week, type_id: v.type_id, planting_id: sp.planting_id,
        value: v.value, delta, out_of_range: v.out_of_range, registered_by: caller.user_id,
      });
      const key = { company_id: caller.company_id, planting_id: sp.planting_id, type_id: v.type_id };
      await addChange(trx, { ...key, week: input.week }, before, { value: v.value, delta });
      const next = at(nextWeek, v.type_id);
      if (next) {
        const nextDelta = next.value - v.value;
        await repo.setDelta(trx, caller.company_id, sp.sample_plant_id, nextWeek, v.type_id, nextDelta);
        await addChange(trx, { ...key, week: nextWeek }, next, { value: next.value, delta: nextDelta });
      }
    }
  });
  return { status: ok, message: msg.registrationSaved, sample_plant_id: sp.sample_plant_id, week: input.week, values: checked };
}

// --- temperatures and harvests ---------------------------------------------------------------------------

export async function listTemperatures(deps: Deps, caller: Caller, input: Input<'getRoomTemperatures'>) {
  if (input.end < input.start) throw badRequest('end must be on or after start.', 'end');
  if (daysBetween(input.start, input.end) > 400) throw badRequest('end must be at most 400 days after start.', 'end');
  if (!(await repo.roomOf(deps.db, caller.company_id, input.room_id))) throw notFound('Room');
  return { status: ok, days: await repo.temperatures(deps.db, caller.company_id, input.room_id, input.start, input.end) };
}

export async function saveTemperatures(deps: Deps, caller: Caller, input: Input<'saveRoomTemperatures'>) {
  if (!(await repo.roomOf(deps.db, caller.company_id, input.room_id))) throw notFound('Room');
  const byDay = new Map(input.days.map((d) => [d.day, d.mean_c]));
  await deps.db.transaction().execute((trx) => repo.upsertTemperatures(trx, [...byDay].map(([day, mean_c]) => ({
    company_id: caller.company_id, room_id: input.room_id, day, mean_c, updated_by: caller.user_id,
  }))));
  return { status: ok, message: msg.temperaturesSaved, saved: byDay.size };
}

const perM2 = (kg: number, area: number) => Math.round((kg / area) * 10_000) / 10_000;

export async function listHarvests(deps: Deps, caller: Caller, input: Input<'getCropHarvests'>) {
  const planting = await plantingOf(deps, caller, input.planting_id);
  const rows = await repo.harvests(deps.db, caller.company_id, [planting.planting_id]);
  return { status: ok, harvests: rows.map((r) => ({ planting_id: r.planting_id, week: r.week, kg: r.kg, kg_per_m2: perM2(r.kg, planting.area_m2) })) };
}

export async function saveHarvest(deps: Deps, caller: Caller, input: Input<'saveCropHarvest'>) {
  const planting = await plantingOf(deps, caller, input.planting_id);
  await deps.db.transaction().execute(async (trx) => {
    await repo.upsertHarvest(trx, { company_id: caller.company_id, planting_id: planting.planting_id, week: input.week, kg: input.kg, recorded_by: caller.user_id });
    await writeAudit(trx, { companyId: caller.company_id, userId: caller.user_id, action: 'crop_harvest.save', entityType: 'crop_planting', entityId: planting.planting_id, after: { week: input.week, kg: input.kg } });
  });
  return { status: ok, message: msg.harvestSaved, harvest: { planting_id: planting.planting_id, week: input.week, kg: input.kg, kg_per_m2: perM2(input.kg, planting.area_m2) } };
}

// --- targets and indicators ------------------------------------------------------------------------------

const toTarget = (r: { target_id: number; crop_id: number; indicator: string; value: number }): CropTarget =>
  ({ target_id: r.target_id, crop_id: r.crop_id, indicator: r.indicator as Indicator, value: r.value });

export async function listTargets(deps: Deps, caller: Caller, cropId: number) {
  if (!(await repo.cropOf(deps.db, caller.company_id, cropId))) throw notFound('Crop');
  return { status: ok, targets: (await repo.targets(deps.db, caller.company_id, cropId)).map(toTarget) };
}

export async function saveTarget(deps: Deps, caller: Caller, input: Input<'saveCropTarget'>) {
  if (!(await repo.cropOf(deps.db, caller.company_id, input.crop_id))) throw notFound('Crop');
  const row = await deps.db.transaction().execute(async (trx) => {
    const saved = await repo.upsertTarget(trx, { company_id: caller.company_id, crop_id: input.crop_id, indicator: input.indicator, value: input.value, updated_by: caller.user_id });
    await writeAudit(trx, { companyId: caller.company_id, userId: caller.user_id, action: 'crop_target.save', entityType: 'crop_target', entityId: saved.target_id, after: { crop_id: input.crop_id, indicator: input.indicator, value: input.value } });
    return saved;
  });
  return { status: ok, message: msg.targetSaved, target: toTarget(row) };
}

export async function deleteTarget(deps: Deps, caller: Caller, targetId: number) {
  await deps.db.transaction().execute(async (trx) => {
    const before = await repo.findTarget(trx, caller.company_id, targetId);
    if (!before) throw notFound('Target');
    await repo.deleteTarget(trx, targetId);
    await writeAudit(trx, { companyId: caller.company_id, userId: caller.user_id, action: 'crop_target.delete', entityType: 'crop_target', entityId: targetId, before });
  });
  return { status: ok, message: msg.targetDeleted, target_id: targetId };
}

export const MAX_INDICATOR_WEEKS = 104;
const YEAR_DAYS = 364;

export async function indicators(deps: Deps, caller: Caller, input: Input<'getCropIndicators'>) {
  if (input.to < input.from) throw badRequest('to must be on or after from.', 'to');
  if (daysBetween(input.from, input.to) / 7 >= MAX_INDICATOR_WEEKS) throw badRequest(`to must be less than ${MAX_INDICATOR_WEEKS} weeks after from.`, 'to');
  if (!(await repo.cropOf(deps.db, caller.company_id, input.crop_id))) throw notFound('Crop');
  if (input.room_id !== undefined && !(await repo.roomOf(deps.db, caller.company_id, input.room_id))) throw notFound('Room');
  const plantings = await repo.listPlantings(deps.db, caller.company_id, { cropId: input.crop_id, roomId: input.room_id });
  const ids = plantings.map((p) => p.planting_id);
  const [now, lastYear, targetRows] = await Promise.all([
    repo.weekSums(deps.db, caller.company_id, ids, addDays(input.from, -7), input.to),
    repo.weekSums(deps.db, caller.company_id, ids, addDays(input.from, -7 - YEAR_DAYS), addDays(input.to, -YEAR_DAYS)),
    repo.targets(deps.db, caller.company_id, input.crop_id),
  ]);
  // Last year: whatever planting of the crop the room had then.
  const roomOfPlanting = new Map(plantings.map((p) => [p.planting_id, p.room_id]));
  // (A room with two plantings of the crop in one week keeps the later row: plantings of a room follow each other.)
  const lastYearOfRoom = groupSums(lastYear, (r) => roomOfPlanting.get(r.planting_id)!);
  const target = targetRows.find((t) => t.indicator === 'flowering_height')?.value ?? null;
  const weeks = indicatorWeeks(plantings, groupSums(now), lastYearOfRoom, rangeWeeks(input.from, input.to, YEAR_DAYS), target,
    (p, week, plants, values, lastYearValues): IndicatorWeek => ({
      planting_id: p.planting_id, room_id: p.room_id, room_name: p.room_name, crop_id: p.crop_id, week, plants_measured: plants,
      values, balance_label: balanceLabel(values.balance), last_year: lastYearValues,
    }));
  return { status: ok, weeks, targets: targetRows.map(toTarget), formulas: INDICATOR_FORMULAS, units: INDICATOR_UNITS };
}

// --- the harvest forecast --------------------------------------------------------------------------------

/** Forecasts of plantings made in a week, kept (a run for the same week replaces it) and answered with their inputs. */
export async function runForecast(deps: ForecastDeps, caller: Caller, input: Input<'runHarvestForecast'>, today: string) {
  if (input.planting_id === undefined && input.crop_id === undefined) throw badRequest('planting_id or crop_id is required.', 'planting_id');
  const madeWeek = input.made_week ?? mondayOf(today);
  if (input.crop_id !== undefined && !(await repo.cropOf(deps.db, caller.company_id, input.crop_id))) throw notFound('Crop');
  let plantings: repo.PlantingRow[];
  if (input.planting_id !== undefined) plantings = [await plantingOf(deps, caller, input.planting_id)];
  else {
    plantings = (await repo.listPlantings(deps.db, caller.company_id, { cropId: input.crop_id }))
      .filter((p) => p.start_week <= madeWeek && (p.end_week === null || p.end_week >= madeWeek));
  }
  const forecasts = await forecastPlantings(deps, caller.company_id, plantings, madeWeek);
  await deps.db.transaction().execute(async (trx) => {
    await repo.saveForecast(trx, forecasts.flatMap((f) => f.weeks.map((w) => ({
      company_id: caller.company_id, planting_id: f.planting_id, made_week: madeWeek, horizon: w.horizon, week: w.week, kg_per_m2: w.kg_per_m2,
    }))));
    // The inputs and model are kept with the figures: any past forecast shows what it was made from.
    await repo.saveForecastRuns(trx, forecasts.map((f) => ({ company_id: caller.company_id, planting_id: f.planting_id, made_week: madeWeek, inputs: f.inputs, model: f.model })));
  });
  return { status: ok, message: msg.forecastMade, forecasts };
}

/**
 * The kept forecast of a planting, or of each planting of a room: this week's, else the latest made before it. Read
 * only (nothing is computed or written); 404 with what to do when none was run yet.
 */
export async function latestForecast(deps: Deps, caller: Caller, input: Input<'getHarvestForecast'>, today: string) {
  if (input.planting_id === undefined && input.room_id === undefined) throw badRequest('planting_id or room_id is required.', 'planting_id');
  let plantings: repo.PlantingRow[];
  if (input.planting_id !== undefined) {
    const planting = await plantingOf(deps, caller, input.planting_id);
    if (input.room_id !== undefined && planting.room_id !== input.room_id) throw notFound('Crop planting');
    plantings = [planting];
  } else {
    if (!(await repo.roomOf(deps.db, caller.company_id, input.room_id!))) throw notFound('Room');
    plantings = await repo.listPlantings(deps.db, caller.company_id, { roomId: input.room_id });
  }
  const ids = plantings.map((p) => p.planting_id);
  const rows = await repo.latestForecasts(deps.db, caller.company_id, ids, input.made_week ?? mondayOf(today), input.made_week !== undefined);
  const runs = await repo.forecastRuns(deps.db, caller.company_id, ids, [...new Set(rows.map((r) => r.made_week))]);
  const forecasts = plantings.flatMap((p) => {
    const own = rows.filter((r) => r.planting_id === p.planting_id);
    if (own.length === 0) return [];
    const run = runs.find((r) => r.planting_id === p.planting_id && r.made_week === own[0]!.made_week);
    // Kept inputs are read through the contract's schema; a forecast kept before inputs were (or of another shape) has none.
    const inputs = run ? ForecastInputs.safeParse(run.inputs) : null;
    return [{
      planting_id: p.planting_id, room_id: p.room_id, room_name: p.room_name, batch_id: p.batch_id, made_week: own[0]!.made_week,
      made_at: new Date(own.reduce((a, r) => (new Date(r.made_at) > new Date(a) ? r.made_at : a), own[0]!.made_at)).toISOString(),
      weeks: own.map((r) => ({ horizon: r.horizon, week: r.week, kg_per_m2: r.kg_per_m2 })),
      inputs: inputs?.success ? inputs.data : null,
      model: inputs?.success ? run!.model : null,
    }];
  });
  if (forecasts.length === 0) throw new AppError('not_found', msg.noForecastYet);
  return { status: ok, forecasts };
}

export type ForecastDeps = Deps<'config' | 'log'>;

/** The weather service's daily means at the company's location over the forecast's days (none without a location). */
async function weatherMeans(deps: ForecastDeps, companyId: number, from: string, madeWeek: string) {
  const location = await repo.companyLocation(deps.db, companyId);
  if (!location) return new Map<string, number>();
  return (await dailyMeanTemperatures(deps, location, from, addDays(madeWeek, 7 * (FORECAST_HORIZONS + 1)))).means;
}

/**
 * The forecasts of plantings made in a week, from their week sums, harvests, typed temperatures and, where none were
 * typed, the weather service's daily means at the company's location (read together).
 */
export async function forecastPlantings(deps: ForecastDeps, companyId: number, plantings: repo.PlantingRow[], madeWeek: string): Promise<HarvestForecast[]> {
  const ids = plantings.map((p) => p.planting_id);
  const from = addDays(madeWeek, -7 * (FORECAST_LOOKBACK_WEEKS + 1));
  const [sumRows, harvestRows, tempRows, weatherTemps] = await Promise.all([
    repo.weekSums(deps.db, companyId, ids, from, madeWeek),
    repo.harvests(deps.db, companyId, ids, from, madeWeek),
    repo.temperaturesOfRooms(deps.db, companyId, [...new Set(plantings.map((p) => p.room_id))], from, addDays(madeWeek, 6)),
    plantings.length ? weatherMeans(deps, companyId, from, madeWeek) : Promise.resolve(new Map<string, number>()),
  ]);
  const sums = groupSums(sumRows);
  const harvestsOf = new Map<number, Map<string, number>>();
  for (const h of harvestRows) {
    if (!harvestsOf.has(h.planting_id)) harvestsOf.set(h.planting_id, new Map());
    harvestsOf.get(h.planting_id)!.set(h.week, h.kg);
  }
  const tempsOf = new Map<number, Map<string, number>>();
  for (const t of tempRows) {
    if (!tempsOf.has(t.room_id)) tempsOf.set(t.room_id, new Map());
    tempsOf.get(t.room_id)!.set(t.day, t.mean_c);
  }
  return plantings.map((p) => {
    const harvests = new Map([...(harvestsOf.get(p.planting_id) ?? [])].map(([week, kg]) => [week, kg / p.area_m2]));
    const temps = tempsOf.get(p.room_id) ?? new Map<string, number>();
    const f = forecastHarvest({ madeWeek, eppo: p.eppo_code, stemsPerM2: p.stems_per_m2, sums: sums.get(p.planting_id) ?? new Map(), harvests, temps, weatherTemps });
    return { planting_id: p.planting_id, room_id: p.room_id, room_name: p.room_name, batch_id: p.batch_id, made_week: madeWeek, ...f };
  });
}

export async function accuracy(deps: Deps, caller: Caller, input: Input<'getForecastAccuracy'>) {
  if (input.to < input.from) throw badRequest('to must be on or after from.', 'to');
  if (daysBetween(input.from, input.to) / 7 >= MAX_INDICATOR_WEEKS) throw badRequest(`to must be less than ${MAX_INDICATOR_WEEKS} weeks after from.`, 'to');
  const planting = await plantingOf(deps, caller, input.planting_id);
  const rows = (await repo.forecastsAgainstHarvests(deps.db, caller.company_id, planting.planting_id, input.from, input.to)).map((r) => ({
    made_week: r.made_week, week: r.week, horizon: r.horizon, forecast_kg_per_m2: r.kg_per_m2,
    actual_kg_per_m2: r.kg === null ? null : Math.round((r.kg / planting.area_m2) * 10_000) / 10_000,
  }));
  const horizons = Array.from({ length: FORECAST_HORIZONS }, (_, i) => {
    const scored = rows.filter((r) => r.horizon === i + 1 && r.actual_kg_per_m2 !== null && r.actual_kg_per_m2 > 0);
    const mape = scored.length === 0 ? null
      : (100 * scored.reduce((sum, r) => sum + Math.abs(r.forecast_kg_per_m2 - r.actual_kg_per_m2!) / r.actual_kg_per_m2!, 0)) / scored.length;
    return { horizon: i + 1, weeks: scored.length, mape: mape === null ? null : Math.round(mape * 10) / 10 };
  });
  return { status: ok, rows, horizons };
}
