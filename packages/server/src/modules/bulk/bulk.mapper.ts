import type { BulkChange } from '@verdant/contract';
import { iso, isoOrNull } from '../../lib/iso.js';
import type { BulkChangeRow } from './bulk.repository.js';

export const toBulkChange = (r: BulkChangeRow): BulkChange => ({
  change_id: r.change_id,
  kind: r.kind,
  action: r.action,
  count: r.records.length,
  ids: r.records.map((x) => x.id),
  created_at: iso(r.created_at),
  undone_at: isoOrNull(r.undone_at),
});
