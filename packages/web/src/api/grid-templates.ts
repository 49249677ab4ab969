import {
  gridTemplatesEndpoints as ep,
  gridTemplatesMessages as msg,
  DEFAULT_GRID_TEMPLATE_TYPE,
  type GridTemplateType,
} from '@verdant/contract';
import { ApiError, withFallback } from './api-error';
import { callEndpoint } from './call-endpoint';

export interface NewGridTemplate {
  templateName: string;
  templateType: GridTemplateType | '';
  rows: number | null;
  columns: number | null;
  description?: string;
  companyId: number | null;
  userId: number | null;
}

/** POST /create_grid_templates (query); the spec's messages name the first missing field. */
export async function createGridTemplate(t: NewGridTemplate) {
  if (!t.templateName.trim()) throw new ApiError(msg.nameRequired);
  if (!t.templateType) throw new ApiError(msg.typeRequired);
  if (!t.rows) throw new ApiError(msg.rowsRequired);
  if (!t.columns) throw new ApiError(msg.columnsRequired);
  if (!t.companyId) throw new ApiError(msg.companyRequired);
  if (!t.userId) throw new ApiError(msg.userRequired);
  return withFallback(msg.createFailed, async () =>
    (
      await callEndpoint(ep.createGridTemplates, {
        template_name: t.templateName.trim(),
        template_type: t.templateType as GridTemplateType,
        rows: t.rows!,
        columns: t.columns!,
        description: t.description,
        company_id: t.companyId!,
        user_id: t.userId!,
      })
    ).template,
  );
}

/** GET /get_grid_templates (company_id, type; default SubGrid). */
export async function getGridTemplates(companyId: number | null | undefined, type: GridTemplateType = DEFAULT_GRID_TEMPLATE_TYPE) {
  if (!companyId) throw new ApiError(msg.companyRequired);
  return withFallback(msg.getFailed, async () => (await callEndpoint(ep.getGridTemplates, { company_id: companyId, type })).templates);
}

/** DELETE /delete_grid_templates (template_id, company_id). */
export async function deleteGridTemplate(templateId: number, companyId: number) {
  return withFallback(msg.deleteFailed, () => callEndpoint(ep.deleteGridTemplates, { template_id: templateId, company_id: companyId }));
}

export interface SubmitGridTemplateInput {
  templateId: number;
  companyId: number;
  userId: number;
  gridName?: string;
  roomId?: number;
  parentGridboxId?: number;
  autoInitializePlants?: boolean;
}

/** POST /submit_grid_template: a Grid template makes a grid in a room, a SubGrid template sub-boxes in a grid box. */
export async function submitGridTemplate(i: SubmitGridTemplateInput) {
  return withFallback(msg.submitFailed, () =>
    callEndpoint(ep.submitGridTemplate, {
      template_id: i.templateId,
      company_id: i.companyId,
      user_id: i.userId,
      grid_name: i.gridName,
      room_id: i.roomId,
      parent_gridbox_id: i.parentGridboxId,
      auto_initialize_plants: i.autoInitializePlants ?? true,
    }),
  );
}
