import type { reportsEndpoints } from '@verdant/contract';
import type { Handlers } from '../../plugins/contract-routes.js';
import * as trends from './trends.service.js';
import { fieldResponsesReport } from './field-report.service.js';
import { treatmentEffectiveness } from './treatment-effect.service.js';

export const reportsHandlers: Handlers<typeof reportsEndpoints> = {
  getProblemTrends: ({ app, user, input }) => trends.problemTrends(app, user, input),
  getTrendsReportGraph: ({ app, user, input }) => trends.trendsReportGraph(app, user, input),
  getTrendsCumulativeReportGraph: ({ app, user, input }) => trends.cumulativeReportGraph(app, user, input),
  getSpecificTrends: ({ app, user, input }) => trends.specificTrends(app, user, input),
  getTrendsWithSeverity: ({ app, user, input }) => trends.trendsWithSeverity(app, user, input),
  getSingleProblemTrend: ({ app, user, input }) => trends.singleProblemTrend(app, user, input),
  getTreatmentEffectivenessReport: ({ app, user, input }) => treatmentEffectiveness(app, user, input),
  getFieldResponsesReport: ({ app, user, input }) => fieldResponsesReport(app, user, input),
  getGutterTrends: ({ app, user, input }) => trends.gutterTrends(app, user, input),
};
