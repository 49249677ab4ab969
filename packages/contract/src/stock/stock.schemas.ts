import { z } from 'zod';
import { CalendarDate, Id } from '../common/fields.js';
import { PositiveQuantity, PRODUCT_UNITS, MAX_QUANTITY } from '../spray_products/spray-products.schemas.js';

/** Stock of plant-protection products, kept per lot (issue 22; docs/decisions.md, "Plant-protection register: products, crops, stock"). */

const text = (max: number) => z.string().trim().max(max, { error: `must be at most ${max} characters` });

export const StockReceipt = z.object({
  product_id: Id,
  lot_number: text(100).min(1, { error: 'is required' }),
  supplier: text(200).optional(),
  expiry_date: CalendarDate.optional(),
  /** The day it came in; today in the company's zone when absent. */
  received_on: CalendarDate.optional(),
  /** In the product's unit (L, kg or units). */
  quantity: PositiveQuantity,
});

/** A counted quantity: 0 or more, to the thousandth. */
export const CountedQuantity = z.coerce
  .number({ error: 'must be a number' })
  .finite({ error: 'must be a number' })
  .min(0, { error: 'must be 0 or more' })
  .max(MAX_QUANTITY, { error: `must be at most ${MAX_QUANTITY}` })
  .transform((n) => Math.round(n * 1000) / 1000);

export const Stocktake = z.object({
  product_id: Id,
  /** Every lot counted (a lot left out keeps its quantity). */
  counts: z.array(z.object({ lot_id: Id, quantity: CountedQuantity }), { error: 'must be a list of counted lots' })
    .min(1, { error: 'must name at least one lot' }).max(500, { error: 'must list at most 500 lots' }),
  reason: text(500).min(1, { error: 'is required: say why the stock is adjusted' }),
});

export const StockThreshold = z.object({
  product_id: Id,
  /** Below this quantity the product is "low"; null removes the warning. */
  low_stock_threshold: CountedQuantity.nullable(),
});

export const StockLot = z.object({
  lot_id: z.number(),
  product_id: z.number(),
  lot_number: z.string(),
  supplier: z.string().nullable(),
  expiry_date: z.string().nullable(),
  received_on: z.string(),
  quantity_received: z.number(),
  quantity: z.number(),
  expired: z.boolean(),
});
export type StockLot = z.infer<typeof StockLot>;

export const StockProduct = z.object({
  product_id: z.number(),
  name: z.string(),
  unit: z.enum(PRODUCT_UNITS).nullable(),
  /** What the lots hold less what applications used beyond them. */
  on_hand: z.number(),
  /** Used by applications beyond the recorded stock, until a stocktake settles it. */
  shortfall: z.number(),
  low_stock_threshold: z.number().nullable(),
  low: z.boolean(),
  lots: z.array(StockLot),
});
export type StockProduct = z.infer<typeof StockProduct>;

export const StockWarnings = z.object({
  low_stock: z.array(z.object({ product_id: z.number(), name: z.string(), unit: z.enum(PRODUCT_UNITS).nullable(), on_hand: z.number(), low_stock_threshold: z.number() })),
  expired_lots: z.array(z.object({ lot_id: z.number(), product_id: z.number(), name: z.string(), lot_number: z.string(), expiry_date: z.string(), quantity: z.number() })),
  shortfalls: z.array(z.object({ product_id: z.number(), name: z.string(), unit: z.enum(PRODUCT_UNITS).nullable(), shortfall: z.number() })),
});
export type StockWarnings = z.infer<typeof StockWarnings>;

export const StockMovement = z.object({
  movement_id: z.number(),
  product_id: z.number(),
  lot_id: z.number().nullable(),
  lot_number: z.string().nullable(),
  kind: z.enum(['receipt', 'application', 'stocktake', 'shortfall']),
  quantity: z.number(),
  reason: z.string().nullable(),
  application_id: z.number().nullable(),
  user_id: z.number().nullable(),
  created_at: z.string(),
});
export type StockMovement = z.infer<typeof StockMovement>;
