import type { SprayProduct } from '@verdant/contract';
import type { ProductRow } from './spray-products.repository.js';
import { iso } from '../../lib/iso.js';

export const toSprayProduct = (r: ProductRow): SprayProduct => ({
  product_id: r.product_id,
  name: r.name,
  details: r.details,
  reentry_interval_hours: r.reentry_interval_hours,
  preharvest_interval_days: r.preharvest_interval_days,
  company_id: r.company_id,
  created_at: iso(r.created_at),
  updated_at: iso(r.updated_at),
});
