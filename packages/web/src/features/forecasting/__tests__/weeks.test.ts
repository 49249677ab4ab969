import { describe, expect, it } from 'vitest';
import type { Batch } from '@verdant/contract';
import { forecastByWeek, mondayOf } from '../lib/weeks';

const batch = (id: number, over: Partial<Batch>): Batch => ({
  BatchID: id, BatchNumber: `B-${id}`, NumberOfPlants: 10, StrainName: 'Basil', BatchStatus: 'Flowering', Color: null, company_id: 3, PreBooks: 2,
  StartDate: null, EndDate: null, Harvested: false, HarvestedAt: null, HarvestedBy: null, HarvestWetWeight: null, HarvestDryWeight: null,
  HarvestUnit: null, CreatedAt: '2026-01-01T00:00:00Z', UpdatedAt: '2026-01-01T00:00:00Z', ...over,
});

describe('forecasting weeks', () => {
  it('starts weeks on Monday', () => {
    expect(mondayOf('2026-03-02')).toBe('2026-03-02'); // a Monday
    expect(mondayOf('2026-03-08')).toBe('2026-03-02'); // its Sunday
    expect(mondayOf('2026-03-09')).toBe('2026-03-09');
    expect(mondayOf('2026-01-01')).toBe('2025-12-29'); // across the year
  });

  it('groups open batches by the week of their end date, leaving out harvested, destroyed and undated ones', () => {
    const f = forecastByWeek([
      batch(1, { EndDate: '2026-03-04', NumberOfPlants: 100 }),
      batch(2, { EndDate: '2026-03-08', NumberOfPlants: 50, PreBooks: 5 }),
      batch(3, { EndDate: '2026-03-09' }),
      batch(4, { EndDate: '2026-03-04', BatchStatus: 'Harvested', Harvested: true }),
      batch(5, { EndDate: '2026-03-04', BatchStatus: 'Destroyed' }),
      batch(6, { EndDate: null }),
    ]);
    expect(f.weeks.map((w) => [w.week, w.batches.map((b) => b.BatchID), w.plants, w.preBooks])).toEqual([
      ['2026-03-02', [1, 2], 150, 7],
      ['2026-03-09', [3], 10, 2],
    ]);
    expect(f.undated.map((b) => b.BatchID)).toEqual([6]);
  });
});
