import type { CropPlanting } from '@verdant/contract';

/** The tomato planting of House 2 that the crop registration screens' tests read. */
export const HOUSE_2_TOMATO: CropPlanting = {
  planting_id: 5, room_id: 2, room_name: 'House 2', crop_id: 1, crop_name: 'Tomato', eppo_code: 'LYPES', batch_id: null, batch_number: null,
  area_m2: 1000, stems_per_m2: 3.5, start_week: '2026-01-05', end_week: null, rotation_weeks: 4,
};
