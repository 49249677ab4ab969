import type { Batch, Tray } from '@verdant/contract';

export interface InventoryRow {
  key: string;
  batches: number;
  plants: number;
  trays: number;
  trayPlants: number;
}

const FINISHED = ['Harvested', 'Destroyed'];

/** Batches that still hold plants (not harvested, not destroyed). */
export function growingBatches(batches: readonly Batch[]): Batch[] {
  return batches.filter((b) => !b.Harvested && !FINISHED.includes(b.BatchStatus));
}

/**
 * Plants and trays grouped by crop (strain) or status; trays count with their batch's group, trays
 * without a batch under `noBatchKey`. Rows sorted by plants, most first.
 */
export function groupInventory(batches: readonly Batch[], trays: readonly Tray[], by: 'crop' | 'status', noBatchKey = ''): InventoryRow[] {
  const keyOf = (b: Batch) => (by === 'crop' ? b.StrainName : b.BatchStatus);
  const rows = new Map<string, InventoryRow>();
  const row = (key: string) => {
    let r = rows.get(key);
    if (!r) rows.set(key, (r = { key, batches: 0, plants: 0, trays: 0, trayPlants: 0 }));
    return r;
  };
  for (const b of batches) {
    const r = row(keyOf(b));
    r.batches += 1;
    r.plants += b.NumberOfPlants;
  }
  const byId = new Map(batches.map((b) => [b.BatchID, b]));
  for (const t of trays) {
    const b = t.batch_id ? byId.get(t.batch_id) : undefined;
    const r = row(b ? keyOf(b) : noBatchKey);
    r.trays += 1;
    r.trayPlants += t.number_of_plants;
  }
  return [...rows.values()].sort((a, b) => b.plants - a.plants || a.key.localeCompare(b.key));
}

export interface AvailabilityRow {
  variety: string;
  batches: number;
  plants: number;
  preBooks: number;
  available: number;
}

/** Ready-to-sell stock: batches in Ready status by variety; available = plants − pre-booked (never below 0). */
export function availabilityByVariety(batches: readonly Batch[]): AvailabilityRow[] {
  const rows = new Map<string, AvailabilityRow>();
  for (const b of batches) {
    if (b.BatchStatus !== 'Ready' || b.Harvested) continue;
    const r = rows.get(b.StrainName) ?? { variety: b.StrainName, batches: 0, plants: 0, preBooks: 0, available: 0 };
    r.batches += 1;
    r.plants += b.NumberOfPlants;
    r.preBooks += b.PreBooks;
    r.available = Math.max(0, r.plants - r.preBooks);
    rows.set(b.StrainName, r);
  }
  return [...rows.values()].sort((a, b) => b.available - a.available || a.variety.localeCompare(b.variety));
}
