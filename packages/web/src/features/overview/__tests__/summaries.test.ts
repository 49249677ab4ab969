import { describe, expect, it } from 'vitest';
import type { AvailabilityWeek, ObservationListItem, TrendRange } from '@verdant/contract';
import { lastChange, topProblems, weeklyTotals, worstRooms } from '../lib/problem-summary';
import { harvestsDue } from '../lib/harvests';

const range = (start: string, end: string, buckets: string[], granularity: 'day' | 'week'): TrendRange => ({
  date_option: 'weeks_ago', start_date: start, end_date: end, granularity, bucket_days: granularity === 'day' ? 1 : 7, time_zone: 'UTC', buckets,
});

describe('weekly totals of the problem trends', () => {
  it('sums daily buckets into Monday weeks, every week of the range present', () => {
    const days = ['2026-11-01', '2026-11-02', '2026-11-08', '2026-11-09', '2026-11-22', '2026-11-23', '2026-11-25'];
    const answer = {
      range: range('2026-11-02', '2026-11-29', days, 'day'),
      trends: [
        { key: 'a', label: 'Thrips', total: 0, points: days.map((bucket) => ({ bucket, value: 1 })) },
        { key: 'b', label: 'Mildew', total: 0, points: [{ bucket: '2026-11-25', value: 4 }] },
      ],
    };
    expect(weeklyTotals(answer)).toEqual([
      { week: '2026-10-26', total: 1 }, // a bucket before the range's first Monday still counts in its own week
      { week: '2026-11-02', total: 2 }, // Monday 2 and Sunday 8
      { week: '2026-11-09', total: 1 },
      { week: '2026-11-16', total: 1 }, // Sunday 22 closes the week of the 16th
      { week: '2026-11-23', total: 6 },
    ]);
  });

  it('keeps weekly buckets as they are, and an empty company has four zero weeks', () => {
    const weeks = ['2026-11-02', '2026-11-09', '2026-11-16', '2026-11-23'];
    expect(weeklyTotals({ range: range('2026-11-02', '2026-11-29', weeks, 'week'), trends: [] })).toEqual(weeks.map((week) => ({ week, total: 0 })));
  });

  it('compares this week with the one before', () => {
    expect(lastChange([{ week: 'a', total: 3 }, { week: 'b', total: 5 }])).toEqual({ current: 5, previous: 3, delta: 2 });
    expect(lastChange([{ week: 'a', total: 3 }])).toBeNull();
  });
});

const obs = (RoomID: number | null, RoomName: string | null, Problem: string) => ({ RoomID, RoomName, Problem }) as ObservationListItem;

describe('ranking the open problems', () => {
  const open = [obs(1, 'Bay 1', 'Thrips'), obs(2, 'Bay 2', 'Mildew'), obs(2, 'Bay 2', 'Thrips'), obs(null, null, 'Aphids'), obs(3, 'Bay 3', 'Thrips')];

  it('ranks rooms by open observations, ties by name, leaving out observations outside a room', () => {
    expect(worstRooms(open).map((r) => [r.label, r.count])).toEqual([['Bay 2', 2], ['Bay 1', 1], ['Bay 3', 1]]);
    expect(worstRooms(open, 1)).toHaveLength(1);
  });

  it('ranks problems the same way', () => {
    expect(topProblems(open, 2).map((p) => [p.label, p.count])).toEqual([['Thrips', 3], ['Aphids', 1]]);
  });
});

describe('harvests due', () => {
  const week = (start: string, ids: number[]): AvailabilityWeek => ({
    week_start: start, week_end: '', batches: ids.length, plants: ids.length * 10, pre_books: 0, available: ids.length * 10,
    batch_list: ids.map((id) => ({ batch_id: id, batch_number: `B-${id}`, strain_name: '', batch_status: 'Ready', number_of_plants: 10, pre_books: 0, end_date: start })),
  });

  it("takes this week's and next week's batches from a Sunday, and the earlier ones as overdue", () => {
    const due = harvestsDue([week('2026-11-09', [1]), week('2026-11-16', [2, 3]), week('2026-11-23', [4]), week('2026-11-30', [5]), week('2026-12-07', [6])], '2026-11-29');
    expect(due.thisWeek).toMatchObject({ weekStart: '2026-11-23', weekEnd: '2026-11-29', plants: 10 });
    expect(due.thisWeek.batches.map((b) => b.batch_id)).toEqual([4]);
    expect(due.nextWeek.batches.map((b) => b.batch_id)).toEqual([5]);
    expect(due.overdue.map((b) => b.batch_id)).toEqual([1, 2, 3]);
  });

  it('has empty weeks when nothing ends then', () => {
    const due = harvestsDue([], '2026-11-25');
    expect(due.thisWeek).toEqual({ weekStart: '2026-11-23', weekEnd: '2026-11-29', batches: [], plants: 0, available: 0 });
    expect(due.nextWeek.weekStart).toBe('2026-11-30');
    expect(due.overdue).toEqual([]);
  });
});
