/** The client's fallback texts when a spray product call fails (spec-2 §8), and the server's answers. */
export const sprayProductsMessages = {
  addFailed: 'Failed to add spray product',
  updateFailed: 'Failed to update spray product',
  deleteFailed: 'Failed to delete product',
  fetchNamesFailed: 'Failed to fetch product names',
  fetchDetailsFailed: 'Failed to fetch product details',
  added: 'Spray product added.',
  updated: 'Spray product updated.',
  deleted: 'Spray product deleted.',
  nameTaken: 'A spray product with this name already exists.',
  labelFailed: 'Failed to download the label',
  labelNotPdf: 'label must be a PDF file.',
  labelTooLarge: (mb: number) => `label is too large (at most ${mb} MB).`,
  doseBasisRequired: 'max_dose_basis is required with max_dose: per_ha or per_1000_l.',
  doseRequired: 'max_dose is required with max_dose_basis.',
  duplicateCrop: (code: string) => `authorised_crops lists ${code} twice.`,
} as const;
