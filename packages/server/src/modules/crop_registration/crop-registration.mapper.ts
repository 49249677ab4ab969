import type { CropPlanting, MeasurementType, SamplePlant } from '@verdant/contract';
import type { PlantingRow, SamplePlantRow, TypeRow } from './crop-registration.repository.js';

export const toType = (r: TypeRow): MeasurementType => ({
  type_id: r.type_id, crop_id: r.crop_id, name: r.name, unit: r.unit, min: r.min, max: r.max, decimals: r.decimals,
  how_to_measure: r.how_to_measure, kind: r.kind as MeasurementType['kind'], measure: r.measure as MeasurementType['measure'],
  position: r.position, is_default: r.is_default,
});

export const toPlanting = (r: PlantingRow): CropPlanting => ({
  planting_id: r.planting_id, room_id: r.room_id, room_name: r.room_name, crop_id: r.crop_id, crop_name: r.crop_name,
  eppo_code: r.eppo_code, batch_id: r.batch_id, batch_number: r.batch_number, area_m2: r.area_m2, stems_per_m2: r.stems_per_m2,
  start_week: r.start_week, end_week: r.end_week, rotation_weeks: r.rotation_weeks,
});

export const toSamplePlant = (r: SamplePlantRow): SamplePlant => ({
  sample_plant_id: r.sample_plant_id, set_id: r.set_id, grid_box_id: r.grid_box_id, grid_id: r.grid_id, grid_name: r.grid_name,
  x: r.x, y: r.y, box_name: r.box_name, plant_id: r.plant_id,
  label: r.label ?? `${r.grid_name} ${r.x}/${r.y}`, position: r.position,
});
