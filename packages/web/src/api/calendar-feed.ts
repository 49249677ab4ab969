import { calendarFeedEndpoints as ep, calendarFeedMessages as msg } from '@verdant/contract';
import { withFallback } from './api-error';
import { callEndpoint } from './call-endpoint';

/** GET /get_calendar_feed?company_id: the caller's feed address, null while it is off. */
export function getCalendarFeed(companyId: number) {
  return withFallback(msg.fetchFailed, async () => (await callEndpoint(ep.getCalendarFeed, { company_id: companyId })).feed);
}

/** POST /regenerate_calendar_feed: a new secret address (turns the feed on); the old one stops working. */
export function regenerateCalendarFeed(companyId: number) {
  return withFallback(msg.regenerateFailed, () => callEndpoint(ep.regenerateCalendarFeed, { company_id: companyId }));
}

/** POST /revoke_calendar_feed: turns the feed off. */
export function revokeCalendarFeed(companyId: number) {
  return withFallback(msg.revokeFailed, () => callEndpoint(ep.revokeCalendarFeed, { company_id: companyId }));
}
