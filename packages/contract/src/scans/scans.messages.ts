/** The server's answers about scans. */
export const scansMessages = {
  created: 'Scan analysed.',
  deleted: 'Scan deleted.',
  reviewed: 'Detection reviewed.',
  checked: 'Scan checked by eye: nothing found.',
  notUncertain: 'Only a scan the engine was not sure of (status uncertain) can be marked as checked.',
  placeMissing: 'Send grid_box_id for a box scan, grid_id for a grid scan, room_id for a room scan.',
  imagesMissing: 'images is required: send one or more photos.',
  tooManyImages: (max: number) => `images: send at most ${max} photos in one scan.`,
  correctNeedsProblem: 'Send problem_id (the library problem it really is) to correct a detection.',
  problemOnlyForCorrect: 'problem_id is only for action correct.',
  noProblemToConfirm: 'This detection names no library problem: correct it to one, or reject it.',
  dateOrder: 'start_date must not be after end_date.',
  notOwner: 'Only the person who made this scan or an Admin can delete it.',
  modelUnknown: (offered: readonly string[]) => `ai_model must be one of ${offered.join(', ')}.`,
  deleteFailed: 'Failed to delete scan',
} as const;
