import { z } from 'zod';

/**
 * A feed's secret path segment: `vcal_<company_id>_<user_id>_<secret>` (the ids find the row by its key, the
 * 43-character secret is compared), optionally ending `.ics` as calendar apps like to see.
 */
export const CALENDAR_FEED_PATTERN = /^vcal_([1-9]\d{0,9})_([1-9]\d{0,9})_([A-Za-z0-9_-]{43})(?:\.ics)?$/;

export const CalendarFeed = z.object({
  /** The secret address to subscribe to (https, or webcal by swapping the scheme); null while the feed is off. */
  url: z.string().nullable(),
  created_at: z.string().nullable(),
});
export type CalendarFeed = z.infer<typeof CalendarFeed>;

/** How far ahead recurring tasks are written out as single events; a calendar app refreshes the feed long before. */
export const CALENDAR_FEED_RECURRING_DAYS = 42;
/** How far back past events stay in the feed (re-entry and pre-harvest ends, tasks due). */
export const CALENDAR_FEED_PAST_DAYS = 14;
/** At most this many events of each kind (tasks, re-entry ends, pre-harvest ends), soonest first. */
export const CALENDAR_FEED_MAX_EVENTS = 500;
