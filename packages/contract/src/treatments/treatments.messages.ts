/** The client's fallback texts when a treatment call fails (spec-2 §8), and the server's answers. */
export const treatmentsMessages = {
  linkFailed: 'Failed to link treatment products',
  createFailed: 'Create treatment failed',
  fetchFailed: 'Fetch treatment failed',
  fetchAllFailed: 'Fetch all treatment failed',
  updateFailed: 'Update treatment failed',
  toggleDeleteFailed: 'Toggle delete failed',
  created: 'Treatment created.',
  updated: 'Treatment updated.',
  deleted: 'Treatment deleted.',
  restored: 'Treatment restored.',
  linked: 'Treatment applied to the grid boxes.',
  exists: 'This product already has a treatment of this type.',
  unknownProduct: 'ProductName names no spray product of your company.',
  foreignBoxes: 'Grid_boxIDs names a grid box that is not in your company.',
  endBeforeStart: 'must not be before StartTime',
  doseUnitRequired: 'is required with a Dose (e.g. L/ha or L/1000L)',
  unknownMixProduct: (name: string) => `TankMix names "${name}", which is no spray product of your company. Add it under Products first, or correct the name.`,
  foreignProblems: 'TargetProblemIDs names a problem that is not in your library.',
  foreignObservations: 'ObservationIDs names an observation that is not in your company.',
  foreignCrossings: 'CrossingIDs names a threshold crossing that is not in your company.',
  doseAboveMax: (product: string, dose: number, unit: string, max: number) =>
    `The dose of ${product}, ${dose} ${unit}, is above its label's maximum of ${max} ${unit}. Lower the dose, or check the product's maximum dose.`,
  tooManyApplications: (product: string, count: number, max: number, batch: string, since: string) =>
    `${product} may be applied at most ${max} times per crop cycle; batch ${batch} has had it ${count} times since ${since}. Choose another product for this cycle.`,
  cropNotAuthorised: (product: string, crop: string) =>
    `${product} is not authorised on ${crop}. Choose a product authorised for this crop, or correct the crop (CropEppo).`,
  bbchNotAuthorised: (product: string, crop: string, bbch: number, min: number | null, max: number | null) =>
    `${product} is authorised on ${crop} only from BBCH ${min ?? 0} to ${max ?? 99}; the crop is at BBCH ${bbch}. Apply it at an authorised stage, or choose another product.`,
  wrongUnit: (product: string, unit: string) => `${product} is counted in ${unit}: give the quantity in ${unit}.`,
  expiredLotChosen: (product: string, lot: string) =>
    `Lot ${lot} of ${product} has expired. Choose an unexpired lot, or leave the lot out and the earliest-expiring good lot is used.`,
  expiredLotUsed: (product: string, lot: string, quantity: number) =>
    `${quantity} of ${product} came from lot ${lot}, which has expired: the good lots ran out. Check the stock and dispose of expired product.`,
  stockShort: (product: string, short: number, unit: string) =>
    `${product}: ${short} ${unit} more than the recorded stock was used; it is recorded as a shortfall. Record the delivery, or correct the stock with a stocktake.`,
  sideEffectSaved: 'Side effect saved.',
  sideEffectDeleted: 'Side effect removed.',
  unknownSideEffectProduct: 'product_id names no spray product of your company.',
  beneficialsHit: (product: string, species: string, effect: string, released: string, until: string) =>
    `${product} is ${effect} to ${species}, released in these boxes on ${released}; its effect lasts until ${until}. Consider a product harmless to ${species}, or wait.`,
} as const;
