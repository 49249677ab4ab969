import type { Timestamp } from './column-types.js';

/** A person's calendar feed: see migration 2026_12_02_0310_calendar_feeds. */
export interface CalendarFeedTable {
  company_id: number;
  user_id: number;
  secret: string;
  created_at: Timestamp;
}
