/** The server's answers about fixed cameras. */
export const camerasMessages = {
  registered: 'Camera registered. Copy its ingest token now: it is shown only once.',
  revoked: 'Camera token revoked.',
  rotated: 'Camera token replaced. Copy the new token now: it is shown only once.',
  ingested: 'Image analysed.',
  tokenMissing: 'Send the camera ingest token as Authorization: Bearer <token>.',
  tokenRefused: 'This camera token is not valid or has been revoked.',
  noRegistrar: 'The person who registered this camera no longer has an account: register it again.',
  alreadyRevoked: 'This camera token is already revoked.',
} as const;
