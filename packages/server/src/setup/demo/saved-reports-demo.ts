import type { FastifyInstance } from 'fastify';
import type { TrendSeries } from '@verdant/contract';
import type { Caller } from '../../plugins/auth.js';
import { trendsReportGraph } from '../../modules/reports/trends.service.js';
import { plantCountReport } from '../../modules/crop_reports/crop-reports.service.js';
import { saveReport, setDashboardReports } from '../../modules/saved_reports/saved-reports.service.js';

/** Rows as the reports screen saves them: `{ x, <series label>: value }` (web features/reports/lib/report-table.ts). */
function seriesRows(series: TrendSeries[], buckets: string[]) {
  return buckets.map((bucket) => ({
    x: bucket,
    ...Object.fromEntries(series.map((s) => [s.label, s.points.find((p) => p.bucket === bucket)?.value ?? 0])),
  }));
}

/**
 * Two saved reports drawn from the demo's own observations and batches, pinned to the overview's first
 * two slots, so a first look at the overview shows what pinning does. Runs after the scouting and batch seeders.
 */
export async function seedSavedReportsDemo(app: FastifyInstance, ctx: { companyId: number; userId: number }): Promise<void> {
  const caller: Caller = { user_id: ctx.userId, company_id: ctx.companyId, user_role: 'SuperAdmin' };
  const filters = { date_option: 'weeks_ago' as const, weeks_ago: 7 };
  const trends = await trendsReportGraph(app, caller, filters);
  const pests = await saveReport(app, caller, {
    company_id: ctx.companyId, room_ids: [], report_name: 'Pest pressure, last 8 weeks', chart_type: 'LineChart',
    report_type: 'trends', filters, report_data: seriesRows(trends.series, trends.range.buckets),
  });
  const counts = await plantCountReport(app, caller, { company_id: ctx.companyId, group_by: 'crop', batch_ids: undefined, room_ids: undefined });
  const plants = await saveReport(app, caller, {
    company_id: ctx.companyId, room_ids: [], report_name: 'Plants by crop', chart_type: 'BarChart', report_type: 'plant_count',
    filters: { group_by: 'crop' },
    report_data: counts.data.map((r) => ({ x: r.group || '—', plants: r.plants, pre_books: r.pre_books, tray_plants: r.tray_plants })),
  });
  await setDashboardReports(app, caller, { company_id: ctx.companyId, report_id1: pests.report.report_id, report_id2: plants.report.report_id });
}
