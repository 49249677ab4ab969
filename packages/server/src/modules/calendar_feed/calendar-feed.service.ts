import { randomBytes, timingSafeEqual } from 'node:crypto';
import {
  CALENDAR_FEED_MAX_EVENTS, CALENDAR_FEED_PAST_DAYS, CALENDAR_FEED_PATTERN, CALENDAR_FEED_RECURRING_DAYS, DAY_MS, addDays,
  calendarFeedMessages as msg, isCalendarDate, todayIn, type CalendarFeed,
} from '@verdant/contract';
import { safeTimeZone, zonedTime } from '@verdant/contract/zoned-time';
import { writeAudit } from '../../lib/audit.js';
import type { Deps } from '../../lib/deps.js';
import { AppError } from '../../lib/errors.js';
import type { Caller } from '../../plugins/auth.js';
import { repeatsOn } from '../tasks/index.js';
import { writeCalendar, type IcsEvent } from './calendar-feed.ics.js';
import * as repo from './calendar-feed.repository.js';

type FeedRow = { company_id: number; user_id: number; secret: string; created_at: Date };

/** The address a calendar app subscribes to; the secret is the whole of its protection. */
export const feedUrl = (publicUrl: string, row: Pick<FeedRow, 'company_id' | 'user_id' | 'secret'>) =>
  `${publicUrl}/api/calendar_feed/vcal_${row.company_id}_${row.user_id}_${row.secret}.ics`;

function toFeed(publicUrl: string, row: FeedRow | undefined): CalendarFeed {
  return row ? { url: feedUrl(publicUrl, row), created_at: row.created_at.toISOString() } : { url: null, created_at: null };
}

export async function getCalendarFeed(deps: Deps<'config'>, caller: Caller) {
  const row = await repo.findFeed(deps.db, caller.company_id, caller.user_id);
  return { status: 'success' as const, feed: toFeed(deps.config.publicUrl, row) };
}

export async function regenerateCalendarFeed(deps: Deps<'config'>, caller: Caller) {
  const row = await deps.db.transaction().execute(async (trx) => {
    const made = await repo.upsertFeed(trx, caller.company_id, caller.user_id, randomBytes(32).toString('base64url'), new Date());
    await writeAudit(trx, {
      companyId: caller.company_id, userId: caller.user_id, action: 'calendar_feed.regenerated', entityType: 'user', entityId: caller.user_id,
    });
    return made;
  });
  return { status: 'success' as const, message: msg.regenerated, feed: toFeed(deps.config.publicUrl, row) };
}

export async function revokeCalendarFeed(deps: Deps<'config'>, caller: Caller) {
  await deps.db.transaction().execute(async (trx) => {
    if (await repo.deleteFeed(trx, caller.company_id, caller.user_id)) {
      await writeAudit(trx, {
        companyId: caller.company_id, userId: caller.user_id, action: 'calendar_feed.revoked', entityType: 'user', entityId: caller.user_id,
      });
    }
  });
  return { status: 'success' as const, message: msg.revoked, feed: toFeed(deps.config.publicUrl, undefined) };
}

const sameSecret = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** Rooms count as worked in for this long after the person last filed something there. */
const WORKED_IN_DAYS = 60;
/** A recurring task's event lasts this long in the calendar (a task has no duration of its own). */
const RECURRING_MINUTES = 30;

/**
 * The feed behind a secret address (404 for an unknown, replaced or turned-off address, or a deactivated owner):
 * the owner's open tasks due, their recurring tasks for the next weeks, and the re-entry and pre-harvest ends of
 * sprayings in the rooms they work in (every room of the company while they have worked in none yet).
 */
export async function renderCalendarFeed(deps: Deps<'config'>, feed: string, now = new Date()): Promise<string> {
  const parts = CALENDAR_FEED_PATTERN.exec(feed);
  const companyId = Number(parts?.[1]);
  const userId = Number(parts?.[2]);
  if (!parts || companyId > 2_147_483_647 || userId > 2_147_483_647) throw new AppError('not_found', msg.notFound);
  const owner = await repo.findFeedOwner(deps.db, companyId, userId);
  if (!owner?.active || !sameSecret(owner.secret, parts[3]!)) throw new AppError('not_found', msg.notFound);

  const zone = safeTimeZone(owner.time_zone);
  const today = todayIn(zone, now);
  const from = new Date(now.getTime() - CALENDAR_FEED_PAST_DAYS * DAY_MS);
  const fromDay = addDays(today, -CALENDAR_FEED_PAST_DAYS);
  const domain = `company-${companyId}.verdant`;
  const app = deps.config.publicUrl;

  const [tasks, recurring, worked] = await Promise.all([
    repo.openTasksDue(deps.db, companyId, userId, fromDay, CALENDAR_FEED_MAX_EVENTS),
    repo.recurringTasks(deps.db, companyId, userId),
    repo.roomsWorkedIn(deps.db, companyId, userId, new Date(now.getTime() - WORKED_IN_DAYS * DAY_MS)),
  ]);
  const ends = await repo.intervalEnds(deps.db, companyId, from, fromDay, worked.length ? worked : null, CALENDAR_FEED_MAX_EVENTS);

  const events: IcsEvent[] = [];
  for (const t of tasks) {
    if (!isCalendarDate(t.due_date)) continue;
    events.push({
      uid: `task-${t.response_id}@${domain}`,
      stamp: t.updated_at,
      start: { day: t.due_date },
      summary: `Task due: ${t.title}`,
      description: [t.description, t.status === 'in_progress' ? 'In progress.' : 'Open.'].filter(Boolean).join('\n'),
      location: t.room_name ?? undefined,
      url: `${app}/dashboard/tasks`,
      categories: ['Task'],
    });
  }
  for (const r of recurring) {
    for (let i = 0; i < CALENDAR_FEED_RECURRING_DAYS; i++) {
      const day = addDays(today, i);
      if (!repeatsOn({ frequency: r.frequency, weekdays: r.weekdays, time_of_day: r.time_of_day }, day)) continue;
      const at = zonedTime(zone, day, r.time_of_day);
      events.push({
        uid: `recurring-task-${r.task_template_id}-${day}@${domain}`,
        stamp: r.updated_at,
        start: { at },
        end: { at: new Date(at.getTime() + RECURRING_MINUTES * 60_000) },
        summary: `Recurring task: ${r.title}`,
        description: r.description,
        url: `${app}/dashboard/tasks`,
        categories: ['Task', 'Recurring'],
      });
    }
  }
  for (const a of ends) {
    const where = a.rooms.join(', ');
    if (a.reentry_until && a.reentry_until >= from) {
      const sprayed = a.applied_at ?? a.created_at;
      events.push({
        uid: `reentry-${a.application_id}@${domain}`,
        stamp: a.created_at,
        start: { at: sprayed < a.reentry_until ? sprayed : a.reentry_until },
        end: { at: a.reentry_until },
        summary: `No entry (re-entry interval): ${a.product} — ${where}`,
        description: `Sprayed with ${a.product}. Nobody enters without protection until the end of this event.`,
        location: where,
        url: `${app}/dashboard/treatments`,
        categories: ['Re-entry'],
      });
    }
    if (a.preharvest_until && a.preharvest_until >= fromDay && isCalendarDate(a.preharvest_until)) {
      events.push({
        uid: `preharvest-${a.application_id}@${domain}`,
        stamp: a.created_at,
        start: { day: a.preharvest_until },
        summary: `Pre-harvest interval ends: ${a.product} — ${where}`,
        description: `Sprayed with ${a.product} on ${a.application_date}. Harvest is allowed again from this day.`,
        location: where,
        url: `${app}/dashboard/treatments`,
        categories: ['Pre-harvest interval'],
      });
    }
  }
  return writeCalendar({
    name: `Verdant — ${owner.first_name} ${owner.last_name}`.trim(),
    description: 'Your tasks due, recurring tasks, and re-entry and pre-harvest ends in the rooms you work in.',
    events,
  });
}
