import type { savedReportsEndpoints } from '@verdant/contract';
import type { Handlers } from '../../plugins/contract-routes.js';
import * as service from './saved-reports.service.js';

export const savedReportsHandlers: Handlers<typeof savedReportsEndpoints> = {
  saveReport: ({ app, user, input }) => service.saveReport(app, user, input),
  getSavedReports: ({ app, user, input }) => service.getSavedReports(app, user, input),
  deleteReport: ({ app, user, input }) => service.deleteReport(app, user, input.report_id),
  setDashboardReports: ({ app, user, input }) => service.setDashboardReports(app, user, input),
  getDashboardReports: ({ app, user }) => service.getDashboardReports(app, user),
  getReportInfo: ({ app, user }) => service.getReportInfo(app, user),
  getReportTemplatesByCompany: ({ app, user }) => service.getReportTemplates(app, user),
  getReportableFields: ({ app, user }) => service.getReportableFields(app, user),
};
