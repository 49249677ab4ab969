/** The texts the trend reports answer and the reports screens show (spec-2 §5, §8), and the server's own. */
export const reportsMessages = {
  invalidDateOption: 'Invalid date_option provided.',
  weeksAgoRequired: 'weeks_ago is required.',
  startDateRequired: 'start_date is required.',
  endDateRequired: 'end_date is required.',
  dateOrder: 'start_date must not be after end_date.',
  cumulativeWeeksAgo: 'weeks_ago must be at least 1 for cumulative trends.',
  roomsRequired: 'room_ids is required.',
  problemsRequired: 'plant_problems is required.',
  problemRequired: 'problem is required.',
  cropBalanceTooLong: 'The crop balance covers at most 104 weeks: choose a shorter period.',
  fieldNotReportable: 'FieldID names a field whose answers cannot be charted (photos, coordinates).',

  problemTrendsFailed: 'Failed to fetch problem trends',
  reportDataFailed: 'Failed to fetch Report Data',
} as const;
