import { z } from 'zod';
import { ALL_ROLES, defineEndpoint } from '../http/define-endpoint.js';
import { success } from '../http/envelope.js';
import { CompanyId } from '../common/fields.js';
import { CalendarFeed } from './calendar-feed.schemas.js';
import { calendarFeedMessages as msg } from './calendar-feed.messages.js';

// Each person has one feed of their own (docs/decisions.md, "Calendar feed"); staff roles only.
const anyone = { auth: { kind: 'user', roles: ALL_ROLES } } as const;

export const calendarFeedEndpoints = {
  getCalendarFeed: defineEndpoint({
    id: 'getCalendarFeed', domain: 'calendar_feed', method: 'GET', path: '/get_calendar_feed',
    summary: "Verdant extension: the caller's calendar feed address (null while it is off)",
    ...anyone, tenancy: { company: ['company_id'] },
    query: z.object({ company_id: CompanyId }),
    response: success({ feed: CalendarFeed }),
    clientMessages: { failure: msg.fetchFailed },
  }),
  regenerateCalendarFeed: defineEndpoint({
    id: 'regenerateCalendarFeed', domain: 'calendar_feed', method: 'POST', path: '/regenerate_calendar_feed',
    summary: 'Verdant extension: a new secret address for your calendar feed (turns it on); the old address stops working',
    ...anyone, tenancy: { company: ['company_id'] },
    body: { kind: 'json', schema: z.object({ company_id: CompanyId }) },
    response: success({ message: z.string(), feed: CalendarFeed }),
    clientMessages: { failure: msg.regenerateFailed },
  }),
  revokeCalendarFeed: defineEndpoint({
    id: 'revokeCalendarFeed', domain: 'calendar_feed', method: 'POST', path: '/revoke_calendar_feed',
    summary: 'Verdant extension: turn your calendar feed off; its address stops working',
    ...anyone, tenancy: { company: ['company_id'] },
    body: { kind: 'json', schema: z.object({ company_id: CompanyId }) },
    response: success({ message: z.string(), feed: CalendarFeed }),
    clientMessages: { failure: msg.revokeFailed },
  }),
  calendarFeed: defineEndpoint({
    id: 'calendarFeed', domain: 'calendar_feed', method: 'GET', path: '/calendar_feed/{feed}',
    summary: 'Verdant extension: the iCalendar (RFC 5545, text/calendar) feed behind a secret address: your tasks due, recurring tasks, and the re-entry and pre-harvest ends in the rooms you work in',
    auth: { kind: 'public' }, tenancy: { none: true },
    params: z.object({ feed: z.string().max(200, { error: 'is not a calendar feed address' }) }),
    response: 'binary',
    responseType: 'text/calendar',
  }),
};
