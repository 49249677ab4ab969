/** What the crop report screens show when a call fails, and the server's own answers for these reports. */
export const cropReportsMessages = {
  /** The spec's fallback text for a report that could not be fetched (§7). */
  fetchFailed: 'Failed to fetch Report Data',
} as const;
