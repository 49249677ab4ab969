import type { calendarFeedEndpoints } from '@verdant/contract';
import type { Handlers } from '../../plugins/contract-routes.js';
import * as service from './calendar-feed.service.js';

export const calendarFeedHandlers: Handlers<typeof calendarFeedEndpoints> = {
  getCalendarFeed: ({ app, user }) => service.getCalendarFeed(app, user),
  regenerateCalendarFeed: ({ app, user }) => service.regenerateCalendarFeed(app, user),
  revokeCalendarFeed: ({ app, user }) => service.revokeCalendarFeed(app, user),
  calendarFeed: async ({ app, input, reply }) => {
    const body = await service.renderCalendarFeed(app, input.feed);
    // Private: the address is the secret. Calendar apps fetch it again every hour or so (REFRESH-INTERVAL).
    reply.type('text/calendar; charset=utf-8').header('content-disposition', 'inline; filename="verdant.ics"').header('cache-control', 'private, max-age=300');
    return Buffer.from(body, 'utf8');
  },
};
