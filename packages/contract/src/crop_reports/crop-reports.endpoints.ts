import { z } from 'zod';
import { ALL_ROLES, defineEndpoint } from '../http/define-endpoint.js';
import { success } from '../http/envelope.js';
import { CompanyId } from '../common/fields.js';
import { absentIfBlank } from '../common/list-field.js';
import { cropReportsMessages } from './crop-reports.messages.js';
import {
  AvailabilityTotals, AvailabilityVariety, AvailabilityWeek, BatchIdFilter, BatchStatusList, CropStatusBatch,
  CropStatusSummary, GroupBy, PlantCountRow, PlantCountSummary, RoomIdFilter, StrainNameList, VarietyStatusRow,
} from './crop-reports.schemas.js';

const anyone = { kind: 'user', roles: ALL_ROLES } as const;
const tenancy = { company: ['company_id'], resource: true } as const;
const clientMessages = { fetchFailed: cropReportsMessages.fetchFailed };

/** The crop reports of spec-2 §7: aggregated in SQL over the company's batches. */
export const cropReportsEndpoints = {
  getCropStatusReport: defineEndpoint({
    id: 'getCropStatusReport', domain: 'reports', method: 'GET', path: '/get_crop_status_report',
    summary: 'The batches in the given statuses (optionally only those now in the given rooms), with totals per status',
    auth: anyone, tenancy,
    query: z.object({ company_id: CompanyId, batch_statuses: BatchStatusList, room_ids: RoomIdFilter }),
    response: success({ data: z.array(CropStatusBatch), status_summary: z.array(CropStatusSummary) }),
    clientMessages,
  }),
  getPlantCountReport: defineEndpoint({
    id: 'getPlantCountReport', domain: 'reports', method: 'GET', path: '/get_plant_count_report',
    summary: 'Plants, batches and trays grouped by crop, room or status; crop and room count growing batches only',
    auth: anyone, tenancy,
    query: z.object({ company_id: CompanyId, group_by: GroupBy, batch_ids: BatchIdFilter, room_ids: RoomIdFilter }),
    response: success({ data: z.array(PlantCountRow), summary: PlantCountSummary }),
    clientMessages,
  }),
  cropAvailabilityReport: defineEndpoint({
    id: 'cropAvailabilityReport', domain: 'reports', method: 'GET', path: '/crop_availability_report',
    summary: 'Unharvested batches in the given statuses: available plants by variety and by expected harvest week (Monday start)',
    auth: anyone, tenancy,
    query: z.object({ company_id: CompanyId, batch_statuses: BatchStatusList }),
    response: success({
      data: z.array(AvailabilityVariety),
      weeks: z.array(AvailabilityWeek),
      /** Batches without an end date: counted in `data` and `summary`, in no week. */
      undated: AvailabilityTotals,
      summary: AvailabilityTotals,
    }),
    clientMessages,
  }),
  getCropStatusByVariety: defineEndpoint({
    id: 'getCropStatusByVariety', domain: 'reports', method: 'GET', path: '/get_crop_status_by_variety',
    summary: 'Per variety asked (case-insensitive), its batches and plants per status, optionally only the given statuses',
    auth: anyone, tenancy,
    query: z.object({ company_id: CompanyId, strain_names: StrainNameList, batch_statuses: absentIfBlank(BatchStatusList) }),
    response: success({ data: z.array(VarietyStatusRow) }),
    clientMessages,
  }),
};
