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
} as const;
