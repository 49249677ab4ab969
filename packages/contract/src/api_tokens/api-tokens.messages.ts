/** The server's and the profile screen's texts about personal API tokens. */
export const apiTokensMessages = {
  created: 'API token created. Copy it now: it is shown only once.',
  revoked: 'API token revoked.',
  alreadyRevoked: 'This API token is already revoked.',
  tooMany: 'You have 20 API tokens: revoke one before creating another.',
  tokenRefused: 'This API token is not valid or has been revoked.',
  scopeRefused: "This API token's scope does not allow this call.",
  sessionOnly: 'Sign in to do this: an API token cannot.',
  fetchFailed: 'Failed to fetch API tokens',
  createFailed: 'Failed to create the API token',
  revokeFailed: 'Failed to revoke the API token',
} as const;
