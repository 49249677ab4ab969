/** The server's and the profile screen's texts about the personal calendar feed. */
export const calendarFeedMessages = {
  regenerated: 'Calendar feed address made. Calendars using the old address stop updating.',
  revoked: 'Calendar feed turned off. Calendars using its address stop updating.',
  notFound: 'This calendar feed does not exist or was turned off.',
  fetchFailed: 'Failed to fetch the calendar feed',
  regenerateFailed: 'Failed to make a new calendar feed address',
  revokeFailed: 'Failed to turn the calendar feed off',
} as const;
