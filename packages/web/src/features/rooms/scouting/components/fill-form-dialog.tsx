import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TemplateType } from '@verdant/contract';
import { Alert, Button, ButtonLink, Dialog, EmptyState, ErrorState, LoadingState, Select, useToast } from '../../../../components/ui';
import { FormRenderer, type FormAnswers as RendererAnswers } from '../../../../components/form-renderer';
import { useFormTemplates } from '../../../../api/queries/form-templates';
import type { SubmissionPlace } from '../../../../api/form-responses';
import { useSubmitForm } from '../../../../api/mutations/form-responses';
import { errorMessage } from '../../../../api/api-error';
import { useAuth } from '../../../../state/hooks';
import { templatesFor, toSubmission } from '../api/use-forms';
import { paths } from '../../../../lib/paths';

export interface FillFormDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  /** Who the form is for, in words ("3 boxes in Bench A"). */
  description: string;
  place: SubmissionPlace;
  /** The template type whose company default is offered first. */
  preferred: TemplateType;
  /** Filled into every coordinates field, e.g. "3,4; 5,1". */
  coordinates?: string;
  /** What the waiting list shows while the submission is kept on this device. */
  label: string;
  onSubmitted?: (queued: boolean) => void;
}

/**
 * Pick a template (the company's default of the place's type first) and fill it in with the shared form
 * renderer; the answers go through the offline-aware queue, so a scout without signal loses nothing.
 */
export function FillFormDialog(props: FillFormDialogProps) {
  return (
    <Dialog open={props.open} onClose={props.onClose} title={props.title} description={props.description} className="max-w-xl">
      {props.open && <FillForm {...props} />}
    </Dialog>
  );
}

function FillForm({ onClose, place, preferred, coordinates, label, onSubmitted }: FillFormDialogProps) {
  const { t } = useTranslation('rooms');
  const toast = useToast();
  const { companyID, userId } = useAuth();
  const companyId = companyID ?? 0;
  const templates = useFormTemplates(companyId);
  const submit = useSubmitForm(companyId);
  const list = useMemo(() => templatesFor(templates.data?.templates ?? [], preferred), [templates.data, preferred]);
  const [chosen, setChosen] = useState<number | null>(null);
  const template = list.find((x) => x.TemplateID === chosen) ?? list[0];

  const initialAnswers = useMemo(() => {
    const out: RendererAnswers = {};
    if (coordinates && template) for (const f of template.fields) if (f.FieldType === 'coordinates') out[f.FieldID] = coordinates;
    return out;
  }, [coordinates, template]);

  if (templates.isPending) return <LoadingState />;
  if (templates.isError) return <ErrorState error={templates.error} onRetry={() => void templates.refetch()} />;
  if (!template) {
    return (
      <EmptyState
        title={t('fill.noTemplatesTitle')}
        description={t('fill.noTemplatesBody')}
        action={<ButtonLink to={paths.formbuilder}>{t('fill.openBuilder')}</ButtonLink>}
      />
    );
  }

  const send = async (answers: RendererAnswers) => {
    const outcome = await submit.mutateAsync(toSubmission({ place, template, answers, label }, userId ?? 0));
    if (outcome.queued) toast.warning(t('fill.savedOffline'), { duration: 6000 });
    else toast.success(t('fill.saved'));
    onSubmitted?.(outcome.queued);
    onClose();
  };

  return (
    <div className="flex flex-col gap-4">
      {templates.data.fromCache && <Alert tone="warning">{t('fill.cachedTemplates')}</Alert>}
      <Select
        label={t('fill.template')}
        value={String(template.TemplateID)}
        onChange={(e) => setChosen(Number(e.target.value))}
        options={list.map((x) => ({
          value: String(x.TemplateID),
          label: x.DefaultForType === preferred ? t('fill.defaultOption', { name: x.TemplateName }) : x.TemplateName,
        }))}
      />
      {submit.isError && (
        <Alert tone="danger" title={t('fill.failed')}>
          {errorMessage(submit.error)}
        </Alert>
      )}
      <FormRenderer
        key={template.TemplateID}
        template={template}
        initialAnswers={initialAnswers}
        onSubmit={send}
        submitting={submit.isPending}
        submitLabel={t('fill.submit')}
        actions={
          <Button variant="secondary" onClick={onClose}>
            {t('app:ui.cancel')}
          </Button>
        }
      />
    </div>
  );
}
