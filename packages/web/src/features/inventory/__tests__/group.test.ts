import { describe, expect, it } from 'vitest';
import type { Batch } from '@verdant/contract';
import { growingBatches } from '../lib/group';

const batch = (id: number, over: Partial<Batch>): Batch => ({
  BatchID: id, BatchNumber: `B-${id}`, NumberOfPlants: 10, StrainName: 'Basil', BatchStatus: 'Vegetative', Color: null, company_id: 3, PreBooks: 0,
  StartDate: null, EndDate: null, Harvested: false, HarvestedAt: null, HarvestedBy: null, HarvestWetWeight: null, HarvestDryWeight: null,
  HarvestUnit: null, CreatedAt: '2026-01-01T00:00:00Z', UpdatedAt: '2026-01-01T00:00:00Z', ...over,
});

describe('growing batches (what a tray may go in)', () => {
  it('leaves out harvested and destroyed batches, keeps custom statuses', () => {
    const batches = [
      batch(1, {}),
      batch(2, { BatchStatus: 'Ready' }),
      batch(3, { BatchStatus: 'Harvested', Harvested: true }),
      batch(4, { BatchStatus: 'Destroyed' }),
      batch(5, { BatchStatus: 'Drying' }),
      batch(6, { BatchStatus: 'Ready', Harvested: true }),
    ];
    expect(growingBatches(batches).map((b) => b.BatchID)).toEqual([1, 2, 5]);
  });
});
