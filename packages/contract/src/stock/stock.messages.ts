/** What the stock calls answer and the client shows when one fails. */
export const stockMessages = {
  received: 'Stock received.',
  counted: 'Stocktake saved.',
  thresholdSaved: 'Low-stock level saved.',
  loadFailed: 'Failed to load the stock',
  receiveFailed: 'Failed to receive stock',
  stocktakeFailed: 'Failed to save the stocktake',
  thresholdFailed: 'Failed to save the low-stock level',
  exportFailed: 'Failed to export the stock',
  noUnit: 'Give the product its unit (L, kg or units) before receiving stock: quantities are counted in it.',
  lotNotOfProduct: (lotId: number) => `counts: lot ${lotId} is not a lot of this product.`,
  lotTwice: (lotId: number) => `counts lists lot ${lotId} twice.`,
  expiryBeforeReceipt: 'expiry_date is before received_on.',
} as const;
