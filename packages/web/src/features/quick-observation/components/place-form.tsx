import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormTemplate, TemplateType } from '@verdant/contract';
import { Alert, ButtonLink, Card, EmptyState, ErrorState, LoadingState, Select, useToast } from '../../../components/ui';
import { FormRenderer, photosOf, toFieldResponses, type FormAnswers } from '../../../components/form-renderer';
import { useFormTemplates } from '../../../api/queries/form-templates';
import { useSubmitForm } from '../../../api/mutations/form-responses';
import type { SubmissionPlace } from '../../../api/form-responses';
import { errorMessage } from '../../../api/api-error';
import { useAuth } from '../../../state/hooks';
import { paths } from '../../../lib/paths';
import { templatesFor } from '../lib/templates';

export interface PlaceFormProps {
  place: SubmissionPlace;
  /** The place as the waiting list and the confirmation name it. */
  label: string;
  preferred: TemplateType;
  /** Answers to start from, by field type (a coordinates field gets the box's X,Y). */
  coordinates?: string;
}

/** The company's default form for a place, ready to fill; sent through the one form queue (offline: kept). */
export function PlaceForm({ place, label, preferred, coordinates }: PlaceFormProps) {
  const { t } = useTranslation('quick-observation');
  const toast = useToast();
  const { companyID, userId } = useAuth();
  const companyId = companyID ?? 0;
  const templates = useFormTemplates(companyId);
  const submit = useSubmitForm(companyId);
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [last, setLast] = useState<{ queued: boolean } | null>(null);

  if (templates.isPending) return <LoadingState />;
  if (templates.isError) return <ErrorState error={templates.error} onRetry={() => void templates.refetch()} />;
  const offered = templatesFor(templates.data.templates, preferred);
  if (offered.length === 0) {
    return (
      <EmptyState
        title={t('form.noneTitle')}
        description={t('form.noneBody')}
        action={<ButtonLink to={paths.formbuilder}>{t('form.openBuilder')}</ButtonLink>}
      />
    );
  }
  const template: FormTemplate = offered.find((x) => x.TemplateID === chosenId) ?? offered[0]!;
  const isDefault = template.DefaultForType === preferred;

  const send = async (answers: FormAnswers) => {
    try {
      const outcome = await submit.mutateAsync({
        ...place,
        submittedBy: userId ?? 0,
        templateID: template.TemplateID,
        fieldResponses: toFieldResponses(answers),
        photos: photosOf(answers).map((p) => ({ fieldID: p.fieldID, file: p.image })),
        label: `${template.TemplateName} · ${label}`,
      });
      setLast({ queued: outcome.queued });
      if (outcome.queued) toast.info(t('form.queued', { place: label }));
      else toast.success(t('form.sent', { place: label }));
    } catch (err) {
      toast.danger(errorMessage(err) || t('form.failed'));
      throw err;
    }
  };

  return (
    <Card title={template.TemplateName} description={isDefault ? t('form.isDefault') : t('form.notDefault')}>
      {templates.data.fromCache && (
        <Alert tone="info" className="mb-4">
          {t('form.fromCache')}
        </Alert>
      )}
      {offered.length > 1 && (
        <div className="mb-4">
        <Select
          label={t('form.choose')}
          value={String(template.TemplateID)}
          onChange={(e) => setChosenId(Number(e.target.value))}
          options={offered.map((x) => ({ value: String(x.TemplateID), label: x.DefaultForType === preferred ? t('form.defaultOption', { name: x.TemplateName }) : x.TemplateName }))}
        />
        </div>
      )}
      {last && (
        <Alert tone={last.queued ? 'info' : 'success'} className="mb-4">
          {last.queued ? t('form.queued', { place: label }) : t('form.sent', { place: label })}
        </Alert>
      )}
      <FormRenderer
        key={template.TemplateID}
        template={template}
        onSubmit={send}
        submitting={submit.isPending}
        initialAnswers={Object.fromEntries(template.fields.filter((f) => f.FieldType === 'coordinates' && coordinates).map((f) => [f.FieldID, coordinates!]))}
        submitLabel={t('form.send', { place: label })}
      />
    </Card>
  );
}
