import { addDays, mondayOf, type AvailabilityWeek } from '@verdant/contract';

export interface HarvestWeek {
  weekStart: string;
  weekEnd: string;
  batches: AvailabilityWeek['batch_list'];
  plants: number;
  available: number;
}

export interface HarvestsDue {
  thisWeek: HarvestWeek;
  nextWeek: HarvestWeek;
  /** Unharvested batches whose end date is before this week: harvest them or move their date. */
  overdue: AvailabilityWeek['batch_list'];
}

function week(weeks: readonly AvailabilityWeek[], start: string): HarvestWeek {
  const found = weeks.find((w) => w.week_start === start);
  return {
    weekStart: start,
    weekEnd: addDays(start, 6),
    batches: found?.batch_list ?? [],
    plants: found?.plants ?? 0,
    available: found?.available ?? 0,
  };
}

/** This week's and next week's expected harvests (Monday-start weeks) from the crop availability report. */
export function harvestsDue(weeks: readonly AvailabilityWeek[], today: string): HarvestsDue {
  const monday = mondayOf(today);
  return {
    thisWeek: week(weeks, monday),
    nextWeek: week(weeks, addDays(monday, 7)),
    overdue: weeks.filter((w) => w.week_start < monday).flatMap((w) => w.batch_list),
  };
}
