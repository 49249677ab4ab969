import { useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert, ButtonLink, Card, EmptyState, ErrorState, LoadingState, PageHeader, useToast } from '../../../components/ui';
import { FormRenderer, photosOf, toFieldResponses, type FormAnswers } from '../../../components/form-renderer';
import { errorMessage } from '../../../api/api-error';
import { useFormTemplate } from '../../../api/queries/form-templates';
import { useAuth } from '../../../state/hooks';
import { useSubmitForm } from '../../../api/mutations/form-responses';
import { roomsQuery } from '../../../api/queries/rooms';
import { BoxPicker, boxName, findBox, resolvePick, type BoxChoice } from './box-picker';
import { paths } from '../../../lib/paths';

/** formbuilder/submit/{templateID}/{templateName}[?GridBoxID=]: fill a template in for one grid box. */
export default function SubmitFormPage() {
  const { templateID, templateName } = useParams();
  const [search] = useSearchParams();
  const { t } = useTranslation('formbuilder');
  const toast = useToast();
  const { companyID, userId } = useAuth();
  const companyId = companyID ?? 0;
  const id = Number(templateID);
  const template = useFormTemplate(companyId, Number.isInteger(id) && id > 0 ? id : 0);
  const rooms = useQuery({ ...roomsQuery(companyId), enabled: companyId > 0 });
  const submitForm = useSubmitForm(companyId);
  const presetBox = Number(search.get('GridBoxID')) || null;
  const [choice, setChoice] = useState<BoxChoice>({ roomId: null, gridId: null, boxId: null });
  const [boxError, setBoxError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const [last, setLast] = useState<{ queued: boolean; box: string } | null>(null);

  useEffect(() => {
    if (!presetBox || !rooms.data || choice.boxId) return;
    const at = findBox(rooms.data.rooms, presetBox);
    if (at) setChoice({ ...at, boxId: presetBox });
  }, [presetBox, rooms.data, choice.boxId]);

  const picked = resolvePick(rooms.data?.rooms, choice);
  const title = template.data?.template?.TemplateName ?? templateName ?? t('submit.title');

  if (!(Number.isInteger(id) && id > 0)) return <EmptyState title={t('editor.notFoundTitle')} description={t('editor.notFoundBody')} />;
  if (template.isPending) return <LoadingState />;
  if (template.isError) return <ErrorState error={template.error} onRetry={() => void template.refetch()} />;
  const tpl = template.data.template;
  if (!tpl || tpl.DeletedAt) {
    return (
      <EmptyState
        title={t('submit.notFoundTitle')}
        description={t('submit.notFoundBody')}
        action={<ButtonLink to={paths.formbuilder}>{t('editor.backToList')}</ButtonLink>}
      />
    );
  }

  const send = async (answers: FormAnswers) => {
    if (!picked) {
      setBoxError(t('submit.boxRequired'));
      throw new Error('no box');
    }
    setSending(true);
    try {
      const outcome = await submitForm.mutateAsync({
        kind: 'box',
        GridBoxID: picked.box.id,
        submittedBy: userId ?? 0,
        templateID: tpl.TemplateID,
        fieldResponses: toFieldResponses(answers),
        photos: photosOf(answers).map((p) => ({ fieldID: p.fieldID, file: p.image })),
        label: `${tpl.TemplateName} · ${picked.room.Name} ${picked.gridName} ${boxName(picked.box)}`,
      });
      const box = boxName(picked.box);
      setLast({ queued: outcome.queued, box });
      if (outcome.queued) toast.info(t('submit.queued', { box }));
      else toast.success(t('submit.sent', { box }));
    } catch (err) {
      toast.danger(errorMessage(err) || t('submit.failed'));
      throw err;
    } finally {
      setSending(false);
    }
  };

  return (
    <div>
      <PageHeader title={title} description={t('submit.description')} />
      {template.data.fromCache && (
        <Alert tone="info" className="mb-4" title={t('submit.offlineTitle')}>
          {t('submit.offlineBody')}
        </Alert>
      )}
      <div className="flex max-w-2xl flex-col gap-6">
        <Card title={t('submit.whereTitle')}>
          <BoxPicker
            companyId={companyId}
            value={choice}
            error={boxError}
            onChange={(v) => {
              setChoice(v);
              setBoxError(undefined);
            }}
          />
        </Card>
        <Card title={t('submit.answersTitle')}>
          {!picked && <p className="mb-4 text-sm font-medium text-stone-700">{t('submit.boxRequired')}</p>}
          {last && (
            <Alert tone={last.queued ? 'info' : 'success'} className="mb-4">
              {last.queued ? t('submit.queued', { box: last.box }) : t('submit.sent', { box: last.box })}
            </Alert>
          )}
          <FormRenderer
            key={tpl.fields.some((f) => f.FieldType === 'coordinates') ? (picked?.box.id ?? 'none') : 'form'}
            template={tpl}
            onSubmit={send}
            submitting={sending}
            initialAnswers={Object.fromEntries(
              tpl.fields.filter((f) => f.FieldType === 'coordinates' && picked).map((f) => [f.FieldID, `${picked!.box.X},${picked!.box.Y}`]),
            )}
            submitLabel={picked ? t('submit.sendFor', { box: boxName(picked.box) }) : t('submit.send')}
          />
        </Card>
      </div>
    </div>
  );
}
