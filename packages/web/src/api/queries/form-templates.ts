import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadFormTemplates } from '../form-templates';

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
