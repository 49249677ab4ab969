import { traysEndpoints as ep, traysMessages as msg } from '@verdant/contract';
import { ApiError, withFallback } from './api-error';
import { callEndpoint } from './call-endpoint';

const missing = () => new ApiError('Required parameter(s) missing.');
const positive = (n: unknown) => typeof n === 'number' && Number.isFinite(n) && n > 0;

/** GET /get_tray_templates?company_id: templates. */
export async function getTrayTemplates(companyId: number) {
  return (await withFallback(msg.fetchTemplatesFailed, () => callEndpoint(ep.getTrayTemplates, { company_id: companyId }))).templates;
}

export interface NewTrayTemplate {
  templateName: string;
  companyId: number | null | undefined;
  userId: number | null | undefined;
  numberOfPlants: number;
  description?: string;
  defaultBatchId?: number | null;
}

/** POST /create_tray_template: templateName, companyID, userID required; numberOfPlants positive. */
export async function createTrayTemplate(t: NewTrayTemplate) {
  const name = t.templateName.trim();
  if (!name || !t.companyId || !t.userId) throw missing();
  if (!positive(t.numberOfPlants)) throw new ApiError('numberOfPlants must be greater than 0.');
  const description = t.description?.trim();
  return (
    await withFallback(msg.createTemplateFailed, () =>
      callEndpoint(ep.createTrayTemplate, {
        template_name: name,
        company_id: t.companyId!,
        user_id: t.userId!,
        number_of_plants: t.numberOfPlants,
        ...(description ? { description } : {}),
        ...(t.defaultBatchId ? { default_batch_id: t.defaultBatchId } : {}),
      }),
    )
  ).template;
}

/** DELETE /delete_tray_template: templateID and companyID. */
export async function deleteTrayTemplate(templateId: number | null | undefined, companyId: number | null | undefined) {
  if (!templateId || !companyId) throw missing();
  return withFallback(msg.deleteTemplateFailed, () => callEndpoint(ep.deleteTrayTemplate, { template_id: templateId, company_id: companyId }));
}

/** POST /use_tray_template (the spec calls it "use tray template"): templateID, companyID, userID and trayName required. */
export async function applyTrayTemplate(i: { templateId: number; companyId: number | null | undefined; userId: number | null | undefined; trayName: string; batchId?: number | null }) {
  const name = i.trayName.trim();
  if (!i.templateId || !i.companyId || !i.userId || !name) throw missing();
  return (
    await withFallback(msg.useTemplateFailed, () =>
      callEndpoint(ep.useTrayTemplate, {
        template_id: i.templateId,
        company_id: i.companyId!,
        user_id: i.userId!,
        tray_name: name,
        ...(i.batchId ? { batch_id: i.batchId } : {}),
      }),
    )
  ).tray;
}

/** GET /get_all_trays?company_id: trays. */
export async function getAllTrays(companyId: number) {
  return (await withFallback(msg.fetchTraysFailed, () => callEndpoint(ep.getAllTrays, { company_id: companyId }))).trays;
}

/** POST /create_tray: trayName trimmed and not empty, companyID, userID; numberOfPlants > 0. */
export async function createTray(i: { trayName: string; companyId: number | null | undefined; userId: number | null | undefined; numberOfPlants: number; batchId?: number | null }) {
  const name = i.trayName.trim();
  if (!name || !i.companyId || !i.userId) throw missing();
  if (!positive(i.numberOfPlants)) throw new ApiError('numberOfPlants must be greater than 0.');
  return (
    await withFallback(msg.createTrayFailed, () =>
      callEndpoint(ep.createTray, {
        tray_name: name,
        company_id: i.companyId!,
        user_id: i.userId!,
        number_of_plants: i.numberOfPlants,
        ...(i.batchId ? { batch_id: i.batchId } : {}),
      }),
    )
  ).tray;
}

/** POST /update_tray: companyID and trayID required; numberOfPlants, when given, positive; batchId null takes the tray out of its batch. */
export async function updateTray(i: { trayId: number | null | undefined; companyId: number | null | undefined; trayName?: string; numberOfPlants?: number; batchId?: number | null }) {
  if (!i.trayId || !i.companyId) throw missing();
  if (i.numberOfPlants !== undefined && !positive(i.numberOfPlants)) throw new ApiError('numberOfPlants must be greater than 0.');
  const name = i.trayName?.trim();
  return (
    await withFallback(msg.updateTrayFailed, () =>
      callEndpoint(ep.updateTray, {
        tray_id: i.trayId!,
        company_id: i.companyId!,
        ...(name ? { tray_name: name } : {}),
        ...(i.numberOfPlants !== undefined ? { number_of_plants: i.numberOfPlants } : {}),
        ...(i.batchId !== undefined ? { batch_id: i.batchId } : {}),
      }),
    )
  ).tray;
}

/** POST /delete_tray: trayID and companyID. */
export async function deleteTray(trayId: number | null | undefined, companyId: number | null | undefined) {
  if (!trayId || !companyId) throw missing();
  return withFallback(msg.deleteTrayFailed, () => callEndpoint(ep.deleteTray, { tray_id: trayId, company_id: companyId }));
}
