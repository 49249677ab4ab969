import { queryOptions } from '@tanstack/react-query';
import { getCalendarFeed } from '../calendar-feed';

export const calendarFeedKeys = {
  all: (companyId: number) => ['calendar-feed', companyId] as const,
  own: (companyId: number) => [...calendarFeedKeys.all(companyId), 'own'] as const,
};

/** The signed-in person's own calendar feed address. */
export const calendarFeedQuery = (companyId: number) =>
  queryOptions({ queryKey: calendarFeedKeys.own(companyId), queryFn: () => getCalendarFeed(companyId) });
