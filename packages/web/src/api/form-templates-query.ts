import { queryOptions, useQuery } from '@tanstack/react-query';
import { formTemplatesEndpoints as ep, type FormTemplate } from '@verdant/contract';
import { callEndpoint } from './call-endpoint';
import { cacheTemplates, readCachedTemplates } from '../offline/template-cache';
import { browserOffline, isNetworkError } from '../offline/network';

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
  return { templates: await readCachedTemplates(companyId, templateId), fromCache: true };
}

export const formTemplateKeys = {
  all: (companyId: number) => ['form-templates', companyId] as const,
  list: (companyId: number) => [...formTemplateKeys.all(companyId), 'list'] as const,
  detail: (companyId: number, templateId: number) => [...formTemplateKeys.all(companyId), 'detail', templateId] as const,
};

/** The company's live templates; runs offline too (networkMode 'always'), falling back to the cache. */
export const formTemplatesQuery = (companyId: number) =>
  queryOptions({
    queryKey: formTemplateKeys.list(companyId),
    queryFn: () => loadFormTemplates(companyId),
    networkMode: 'always',
  });

/** One template (a retired one too), online or from the cache; `null` when neither knows it. */
export const formTemplateQuery = (companyId: number, templateId: number) =>
  queryOptions({
    queryKey: formTemplateKeys.detail(companyId, templateId),
    queryFn: async () => {
      const { templates, fromCache } = await loadFormTemplates(companyId, templateId);
      return { template: templates.find((t) => t.TemplateID === templateId) ?? null, fromCache };
    },
    networkMode: 'always',
  });

export function useFormTemplates(companyId: number) {
  return useQuery(formTemplatesQuery(companyId));
}

/** One template; nothing is fetched for a template not saved yet (id 0). */
export function useFormTemplate(companyId: number, templateId: number) {
  return useQuery({ ...formTemplateQuery(companyId, templateId), enabled: companyId > 0 && templateId > 0 });
}
