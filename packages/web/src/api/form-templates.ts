import { formTemplatesEndpoints as ep, type FormTemplate } from '@verdant/contract';
import { callEndpoint } from './call-endpoint';
import { cacheTemplates, readCachedTemplates } from '../offline/template-cache';
import { browserOffline, isNetworkError } from '../offline/network';
import { everPrepared } from '../offline/answer-cache';
import { NotAvailableOfflineError } from './offline-read';

export interface FormTemplatesAnswer {
  templates: FormTemplate[];
  /** True when the answer came from the local database instead of the server. */
  fromCache: boolean;
}

/**
 * GET /get_form_templates?company_id[&template_id]. Every online answer is written to the local
 * database; without a connection (or when the request gets no answer) the templates are read from it.
 * A refusal from the server (4xx/5xx with an answer) rejects as usual.
 */
export async function loadFormTemplates(companyId: number, templateId?: number): Promise<FormTemplatesAnswer> {
  if (!browserOffline()) {
    try {
      const { templates } = await callEndpoint(ep.getFormTemplates, { company_id: companyId, template_id: templateId });
      await cacheTemplates(companyId, templates, { templateId }).catch((err: unknown) =>
        console.error('Could not refresh the local form templates', err),
      );
      return { templates, fromCache: false };
    } catch (err) {
      if (!isNetworkError(err)) throw err;
    }
  }
  const templates = await readCachedTemplates(companyId, templateId);
  // No forms on a device never prepared means "not saved here yet", not "the company has no forms".
  if (!templates.length && templateId === undefined && !(await everPrepared(companyId))) throw new NotAvailableOfflineError();
  return { templates, fromCache: true };
}
