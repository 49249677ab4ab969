import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { API, server } from '../../testing/msw-server';
import { renderPage } from '../../testing/render';
import { signInAs } from '../../testing/session';
import { boxProblemStyles } from '../../features/rooms/lib/problem-paint';
import { useReportLabels } from '../../features/reports/lib/use-report-labels';
import { useProblemColors } from '../../api/queries/problem-colors';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const problem = (problem_id: number, name: string, default_color: string) => ({
  problem_id, company_id: null, slug: name.toLowerCase().replace(/ /g, '-'), name, display_name: name, category: 'pest', category_label: 'Pest', description: '',
  symptoms_text: '', symptoms: [], color_symptoms: [], default_color, solutions: { cultural: [], biological: [], chemical: [] }, custom_solutions: [],
});

/**
 * Issue 20: western flower thrips was orange on the map and blue in the reports and the PNG export. The map
 * draws a box in the company's mapping, else the colour the server sent (the library's: problem_colors
 * `colorsForProblems`); the chart's lines and the PNG export's legend take `useReportLabels().colour`.
 */
function Probe({ problems }: { problems: string[] }) {
  const labels = useReportLabels('trends', 'day');
  const colours = useProblemColors(3);
  if (!colours.data) return null;
  const map = boxProblemStyles(
    // As GET /get_unresolved_problems_for_grid_circles answers: the library's colour when the company has not mapped one.
    problems.map((p, i) => ({ GridBoxID: i + 1, circles: [{ Problem: p, count: 1, max_severity: 3, last_observed_at: '2026-11-29T08:00:00Z', Color: p === 'Western flower thrips' ? '#F5A623' : '#DD3333', Abbreviation: '' }] })),
    colours.data.byProblem,
  );
  return (
    <ul>
      {problems.map((p, i) => (
        <li key={p} data-testid={p}>{`map ${map.get(i + 1)?.fill} chart ${labels.colour(p, i)}`}</li>
      ))}
    </ul>
  );
}

describe('one colour per problem', () => {
  it('the map, a chart line and the PNG export’s legend give a problem the same colour: the company’s mapping, else the library’s', async () => {
    signInAs({ userId: 7, companyId: 3 });
    server.use(
      http.get(`${API}/plant_problems/load_plant_problems`, () =>
        HttpResponse.json({ status: 'success', problems: [problem(1, 'Western flower thrips', '#F5A623'), problem(2, 'Two-spotted spider mite', '#DD3333')] }),
      ),
      http.get(`${API}/get_problem_color_mappings`, () =>
        HttpResponse.json({ status: 'success', mappings: [{ id: 1, CompanyID: 3, Problem: 'two-spotted spider mite', Color: '#7A4F9A', Abbreviation: 'TSM', updated_at: '2026-11-29T08:00:00.000Z' }] }),
      ),
    );
    renderPage(<Probe problems={['Western flower thrips', 'Two-spotted spider mite']} />);
    expect(await screen.findByText('map #F5A623 chart #F5A623')).toBeInTheDocument();
    expect(await screen.findByText('map #7A4F9A chart #7A4F9A')).toBeInTheDocument();
  });
});
