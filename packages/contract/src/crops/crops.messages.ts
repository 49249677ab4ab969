export const cropsMessages = {
  saved: 'Crop saved.',
  deleted: 'Crop deleted.',
  nameTaken: 'A crop with this name already exists.',
  inUse: (batches: number) =>
    `This crop is used by ${batches} batch${batches === 1 ? '' : 'es'}: give ${batches === 1 ? 'it' : 'them'} another crop before deleting it.`,
  loadFailed: 'Failed to load crops',
  saveFailed: 'Failed to save the crop',
  deleteFailed: 'Failed to delete the crop',
} as const;
