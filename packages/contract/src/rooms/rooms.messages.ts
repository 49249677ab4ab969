/** Client texts from the spec, and the server's own answers for the rooms screens. */
export const roomsMessages = {
  singleRoomMissing: 'Required parameter missing: companyID or roomID',
  offlineRoomMissing: 'Room data not found in local database',
  roomCreated: 'Room created.',
  roomDeleted: 'Room deleted.',
  whiteboardUploaded: 'Whiteboard image uploaded.',
} as const;

/** Answers to a refused upload; each names the multipart field. */
export const imageMessages = {
  invalid: (field: string) => `${field} must be a JPEG, PNG or WebP image.`,
  tooManyPixels: (field: string, megapixels: number) => `${field} is too large (at most ${megapixels} megapixels).`,
  tooManyBytes: (field: string, megabytes: number) => `${field} is too large (at most ${megabytes} MB).`,
} as const;
