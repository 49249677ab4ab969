/** The texts the batches screens show when a call fails, and the server's own answers for them. */
export const batchesMessages = {
  statusChangedMeanwhile: 'The status of batch {batch} was changed to "{status}" by someone else meanwhile.',
  fetchFailed: 'Failed to fetch batches',
  batchIdRequired: 'batch_id is required.',
  qrFailed: 'Failed to generate QR code',
  qrDownloadFailed: 'Failed to download QR code',
  infoFailed: 'Failed to fetch batch information',
  roomsByBatchFailed: 'Failed to fetch rooms by batch.',
  harvestFailed: 'Failed to Harvest Batch',
  unknownError: 'Unknown error',

  created: 'Batch created.',
  updated: 'Batch updated.',
  deleted: 'Batch deleted.',
  harvested: 'Batch harvested.',
  moved: 'Batch moved to the new room.',
  linkedRoom: 'Batch linked to the room.',
  linkedGrid: 'Batch linked to the grid.',
  linkedBoxes: 'Batch linked to the grid boxes.',
  statusAssigned: 'Status assigned to the batches.',
  customStatusCreated: 'Custom status created.',
  customStatusDeleted: 'Custom status deleted.',
  /** issue 22: a harvest inside a pre-harvest interval is refused; each running interval is named. */
  preharvestRefused: (items: ReadonlyArray<{ product: string; date: string; preharvest_until: string }>) =>
    `Harvest refused: the crop is inside a pre-harvest interval (${items.map((i) => `${i.product} applied on ${i.date}, interval ends on ${i.preharvest_until}`).join('; ')}). Wait until it ends, or an Admin can override with a reason.`,
  preharvestOverrideAdminOnly: 'Only an Admin can override a pre-harvest interval.',
  harvestedReadOnly: 'This batch has been harvested; its status and links can no longer change.',
  gridBoxesRequired: 'Linking grid boxes to a batch needs a batch id and a non-empty list of grid box ids',
  numberTaken: 'A batch with this BatchNumber already exists in your company.',
  endBeforeStart: 'EndDate must not be before StartDate.',
  dateOrder: 'start_date must not be after end_date.',
  sameRoom: 'new_room_id must differ from old_room_id.',
  notInOldRoom: 'The batch is not in the room named by old_room_id.',
  statusTaken: 'This status already exists.',
  statusIsBuiltIn: 'This is a built-in status; custom statuses need another name.',
  statusInUse: 'Batches still have this status; give them another status first.',
} as const;

/** 'BatchStatus must be one of …' with the company's current choices. */
export const unknownBatchStatus = (field: string, allowed: readonly string[]) =>
  `${field} must be one of: ${allowed.join(', ')}.`;
