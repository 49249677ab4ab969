import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormTemplate, TemplateType } from '@verdant/contract';
import { deleteTemplate, resetAllTemplates, saveFormTemplate, updateDefaultTemplate, updateFormTemplate } from '../../../api/forms';
import { addHideFieldUntilLink, deleteFieldHideUntilLink, updateFieldHideUntilLink } from '../../../api/form-hide-until';
import { loadFormTemplates } from '../../../api/form-templates';
import { formTemplateKeys } from '../../../api/queries/form-templates';
import { newTemplateFields, ruleCalls, savedIds, templateChanges, type Draft } from '../lib/draft';

export interface SaveResult {
  template: FormTemplate;
  created: boolean;
}

/**
 * Saves the draft: a new template with POST /save_form_template, a saved one with /update_form_template
 * (newFields + updatedFields), then the hide-until calls once every field has its FieldID, then reads
 * the template back so the editor shows what the scouts will get.
 */
export function useSaveTemplate(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ draft, saved }: { draft: Draft; saved: Draft | null }): Promise<SaveResult> => {
      const common = { FormCategory: draft.category.trim(), PageCSS: draft.pageCss };
      const template =
        draft.templateID === null || !saved
          ? await saveFormTemplate({ templateName: draft.name.trim(), companyID: companyId, fields: newTemplateFields(draft), ...common })
          : await updateFormTemplate({ templateID: draft.templateID, templateName: draft.name.trim(), ...templateChanges(draft, saved), ...common });
      const ids = savedIds(draft, template);
      for (const call of ruleCalls(draft, ids, draft.templateID === null ? null : saved)) {
        if (call.kind === 'add') await addHideFieldUntilLink(call.input);
        else if (call.kind === 'update') await updateFieldHideUntilLink(call.input);
        else await deleteFieldHideUntilLink(call.hiddenFieldId);
      }
      const { templates } = await loadFormTemplates(companyId, template.TemplateID);
      return { template: templates[0] ?? template, created: draft.templateID === null };
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: formTemplateKeys.all(companyId) }),
  });
}

/** DELETE /delete_template; a template with answers comes back `retired`. */
export function useDeleteTemplate(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (template: FormTemplate) => deleteTemplate(template.TemplateID),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: formTemplateKeys.all(companyId) }),
  });
}

/** PUT /reset_all_templates. */
export function useResetTemplates(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => resetAllTemplates(companyId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: formTemplateKeys.all(companyId) }),
  });
}

/** PUT /update_default_template. */
export function useSetDefaultTemplate(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ templateId, type }: { templateId: number; type: TemplateType }) => updateDefaultTemplate(templateId, companyId, type),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: formTemplateKeys.all(companyId) }),
  });
}
