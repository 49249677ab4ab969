import type { Batch } from '@verdant/contract';

export function makeBatch(over: Partial<Batch> = {}): Batch {
  return {
    BatchID: 1,
    BatchNumber: 'B-001',
    NumberOfPlants: 100,
    StrainName: 'Basil',
    BatchStatus: 'Vegetative',
    Color: '#2f855a',
    company_id: 3,
    PreBooks: 10,
    StartDate: '2026-01-05',
    EndDate: '2026-03-02',
    Harvested: false,
    HarvestedAt: null,
    HarvestedBy: null,
    HarvestWetWeight: null,
    HarvestDryWeight: null,
    HarvestUnit: null,
    CreatedAt: '2026-01-05T08:00:00.000Z',
    UpdatedAt: '2026-01-05T08:00:00.000Z',
    ...over,
  };
}

export const BUILT_IN = ['Planned', 'Propagation', 'Vegetative', 'Flowering', 'Ready', 'Harvested', 'Destroyed'];
