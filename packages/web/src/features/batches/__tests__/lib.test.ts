import { describe, expect, it } from 'vitest';
import { validateBatchForm, emptyBatchForm, formToFields } from '../lib/batch-form';
import { buildTimeline } from '../lib/timeline';
import { parseIds } from '../components/batch-labels-page';
import { problemsByWeek } from '../components/batch-charts-card';
import { makeBatch } from './fixtures';

describe('batch form rules', () => {
  it('needs a number and refuses an end date before the start date', () => {
    expect(validateBatchForm(emptyBatchForm())).toEqual({ BatchNumber: 'required' });
    expect(validateBatchForm({ ...emptyBatchForm(), BatchNumber: 'B', StartDate: '2026-02-02', EndDate: '2026-02-01' })).toEqual({ EndDate: 'endBeforeStart' });
    expect(validateBatchForm({ ...emptyBatchForm(), BatchNumber: 'B', StartDate: '2026-02-02', EndDate: '2026-02-02' })).toEqual({});
    expect(validateBatchForm({ ...emptyBatchForm(), BatchNumber: 'B', NumberOfPlants: '1.5' })).toEqual({ NumberOfPlants: 'wholeNumber' });
  });

  it('sends blank dates as null (date only otherwise)', () => {
    expect(formToFields({ ...emptyBatchForm(), BatchNumber: ' B ', StartDate: '2026-02-02' })).toMatchObject({ BatchNumber: 'B', StartDate: '2026-02-02', EndDate: null });
  });
});

describe('timeline', () => {
  it('puts creation, status changes, moves, problems and harvest newest first', () => {
    const events = buildTimeline({
      batch: makeBatch({ CreatedAt: '2026-01-01T00:00:00Z', HarvestedAt: '2026-03-01T00:00:00Z' }),
      statusTimeline: [{ from_status: 'Planned', to_status: 'Ready', changed_at: '2026-02-01T00:00:00Z' }],
      moves: [{ old_room_id: 1, new_room_id: 2, moved_at: '2026-01-15T00:00:00Z' }],
      problems: [],
    });
    expect(events.map((e) => e.kind)).toEqual(['harvest', 'status', 'move', 'created']);
  });
});

describe('labels and charts', () => {
  it('reads label ids from the query, unique and positive', () => {
    expect(parseIds('3, 1,3,x,-2')).toEqual([3, 1]);
    expect(parseIds(null)).toEqual([]);
  });

  it('stacks problems by week', () => {
    const { problems, data } = problemsByWeek([
      { week: '2026-01-12', problem: 'Aphids', count: 2, max_severity: 3 },
      { week: '2026-01-05', problem: 'Mildew', count: 1, max_severity: 1 },
      { week: '2026-01-12', problem: 'Mildew', count: 4, max_severity: 2 },
    ]);
    expect(problems).toEqual(['Aphids', 'Mildew']);
    expect(data).toEqual([{ week: '2026-01-05', Mildew: 1 }, { week: '2026-01-12', Aphids: 2, Mildew: 4 }]);
  });
});
