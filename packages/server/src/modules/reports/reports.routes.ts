import type { reportsEndpoints } from '@verdant/contract';
import type { Handlers } from '../../plugins/contract-routes.js';
import { laggingReads } from '../../lib/deps.js';
import * as trends from './trends.service.js';
import { fieldResponsesReport } from './field-report.service.js';
import { treatmentEffectiveness } from './treatment-effect.service.js';
import { cropBalanceReport } from './crop-balance.service.js';

// Reports read from the replica when one is set (READ_DATABASE_URL): they may lag a few seconds.
export const reportsHandlers: Handlers<typeof reportsEndpoints> = {
  getProblemTrends: ({ app, user, input }) => trends.problemTrends(laggingReads(app), user, input),
  getTrendsReportGraph: ({ app, user, input }) => trends.trendsReportGraph(laggingReads(app), user, input),
  getTrendsCumulativeReportGraph: ({ app, user, input }) => trends.cumulativeReportGraph(laggingReads(app), user, input),
  getSpecificTrends: ({ app, user, input }) => trends.specificTrends(laggingReads(app), user, input),
  getTrendsWithSeverity: ({ app, user, input }) => trends.trendsWithSeverity(laggingReads(app), user, input),
  getSingleProblemTrend: ({ app, user, input }) => trends.singleProblemTrend(laggingReads(app), user, input),
  getTreatmentEffectivenessReport: ({ app, user, input }) => treatmentEffectiveness(laggingReads(app), user, input),
  getFieldResponsesReport: ({ app, user, input }) => fieldResponsesReport(laggingReads(app), user, input),
  getGutterTrends: ({ app, user, input }) => trends.gutterTrends(laggingReads(app), user, input),
  getCropBalanceReport: ({ app, user, input }) => cropBalanceReport(laggingReads(app), user, input),
};
