import { describe, expect, it } from 'vitest';
import type { Batch, Tray } from '@verdant/contract';
import { availabilityByVariety, groupInventory, growingBatches } from '../lib/group';

const batch = (id: number, over: Partial<Batch>): Batch => ({
  BatchID: id, BatchNumber: `B-${id}`, NumberOfPlants: 10, StrainName: 'Basil', BatchStatus: 'Vegetative', Color: null, company_id: 3, PreBooks: 0,
  StartDate: null, EndDate: null, Harvested: false, HarvestedAt: null, HarvestedBy: null, HarvestWetWeight: null, HarvestDryWeight: null,
  HarvestUnit: null, CreatedAt: '2026-01-01T00:00:00Z', UpdatedAt: '2026-01-01T00:00:00Z', ...over,
});
const tray = (id: number, batchId: number | null, plants: number): Tray => ({
  tray_id: id, tray_name: `T${id}`, number_of_plants: plants, batch_id: batchId, batch_number: null, template_id: null, template_name: null,
  created_by: 7, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z',
});

const batches = [
  batch(1, { StrainName: 'Basil', NumberOfPlants: 100 }),
  batch(2, { StrainName: 'Mint', NumberOfPlants: 40, BatchStatus: 'Ready', PreBooks: 15 }),
  batch(3, { StrainName: 'Basil', NumberOfPlants: 30, BatchStatus: 'Ready', PreBooks: 40 }),
  batch(4, { StrainName: 'Basil', NumberOfPlants: 500, BatchStatus: 'Harvested', Harvested: true }),
];

describe('inventory grouping', () => {
  it('groups growing plants and their trays by crop; trays without a batch apart', () => {
    const rows = groupInventory(growingBatches(batches), [tray(1, 1, 24), tray(2, 2, 12), tray(3, null, 6)], 'crop', 'none');
    expect(rows).toEqual([
      { key: 'Basil', batches: 2, plants: 130, trays: 1, trayPlants: 24 },
      { key: 'Mint', batches: 1, plants: 40, trays: 1, trayPlants: 12 },
      { key: 'none', batches: 0, plants: 0, trays: 1, trayPlants: 6 },
    ]);
  });

  it('groups by status', () => {
    expect(groupInventory(batches, [], 'status').map((r) => [r.key, r.plants])).toEqual([['Harvested', 500], ['Vegetative', 100], ['Ready', 70]]);
  });

  it('lists Ready batches by variety with plants minus pre-booked, never below zero', () => {
    expect(availabilityByVariety(batches)).toEqual([
      { variety: 'Mint', batches: 1, plants: 40, preBooks: 15, available: 25 },
      { variety: 'Basil', batches: 1, plants: 30, preBooks: 40, available: 0 },
    ]);
  });
});
