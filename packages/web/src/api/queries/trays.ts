import { queryOptions } from '@tanstack/react-query';
import { getAllTrays, getTrayTemplates } from '../trays';

/** Query keys of trays and tray templates (the inventory screen). */
export const trayKeys = {
  all: (companyId: number) => ['trays', companyId] as const,
  list: (companyId: number) => [...trayKeys.all(companyId), 'list'] as const,
  templates: (companyId: number) => [...trayKeys.all(companyId), 'templates'] as const,
};

export const traysQuery = (companyId: number) => queryOptions({ queryKey: trayKeys.list(companyId), queryFn: () => getAllTrays(companyId) });

export const trayTemplatesQuery = (companyId: number) =>
  queryOptions({ queryKey: trayKeys.templates(companyId), queryFn: () => getTrayTemplates(companyId) });
