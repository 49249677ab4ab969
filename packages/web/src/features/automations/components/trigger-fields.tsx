import { useTranslation } from 'react-i18next';
import type { AutomationFields, NotificationTrigger } from '@verdant/contract';
import { Input, Select } from '../../../components/ui';
import type { AutomationDraft, DraftField, TemplateFrequencyValue } from '../lib/automation-draft';

export interface Person {
  user_id: number;
  name: string;
}

interface Props {
  draft: AutomationDraft;
  onChange: (patch: Partial<AutomationDraft>) => void;
  errorOf: (field: DraftField) => string | undefined;
  choices: AutomationFields;
  people: Person[];
  userId: number;
}

function TemplateSelect({ draft, onChange, errorOf, choices }: Omit<Props, 'people' | 'userId'>) {
  const { t } = useTranslation('automations');
  return (
    <Select
      label={t('form.template')}
      name="template_id"
      value={draft.templateId}
      error={errorOf('templateId')}
      hint={choices.templates.length === 0 ? t('form.noTemplates') : undefined}
      placeholder={t('form.chooseTemplate')}
      onChange={(e) => onChange({ templateId: e.target.value, fieldId: '' })}
      options={choices.templates.map((tpl) => ({ value: String(tpl.template_id), label: tpl.template_name }))}
    />
  );
}

/** The automation's event and what narrows it: a problem, a form category or form, a question and keyword, the weeks of a report. */
function EventFields({ draft, onChange, errorOf, choices }: Omit<Props, 'people' | 'userId'>) {
  const { t } = useTranslation('automations');
  const fields = choices.fields.filter((f) => String(f.template_id) === draft.templateId);
  return (
    <>
      <Select
        label={t('form.trigger')}
        name="trigger"
        value={draft.trigger}
        error={errorOf('trigger')}
        onChange={(e) => onChange({ trigger: e.target.value as NotificationTrigger })}
        options={choices.triggers.map((tr) => ({ value: tr, label: t(`triggers.${tr}`) }))}
      />
      {draft.trigger === 'problem_observed' && (
        <Select
          label={t('form.problemType')}
          name="problem_type"
          value={draft.problemType}
          onChange={(e) => onChange({ problemType: e.target.value })}
          options={[{ value: '', label: t('form.anyProblem') }, ...choices.problem_types.map((p) => ({ value: p, label: p }))]}
        />
      )}
      {draft.trigger === 'form_submitted' && (
        <>
          <fieldset>
            <legend className="mb-1.5 text-sm font-medium text-stone-800">{t('form.formBy')}</legend>
            <div className="flex flex-wrap gap-2">
              {(['category', 'template'] as const).map((by) => (
                <label
                  key={by}
                  className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg px-3 text-sm text-stone-800 ring-1 ring-stone-300 has-[:checked]:bg-brand-50 has-[:checked]:ring-brand-600"
                >
                  <input type="radio" name="form-by" className="size-5 accent-brand-700" checked={draft.formBy === by} onChange={() => onChange({ formBy: by })} />
                  {t(by === 'category' ? 'form.byCategory' : 'form.byTemplate')}
                </label>
              ))}
            </div>
          </fieldset>
          {draft.formBy === 'category' ? (
            <Select
              label={t('form.formCategory')}
              name="form_category"
              value={draft.formCategory}
              error={errorOf('formCategory')}
              hint={choices.form_categories.length === 0 ? t('form.noCategories') : undefined}
              placeholder={t('form.chooseCategory')}
              onChange={(e) => onChange({ formCategory: e.target.value })}
              options={choices.form_categories.map((c) => ({ value: c, label: c }))}
            />
          ) : (
            <TemplateSelect draft={draft} onChange={onChange} errorOf={errorOf} choices={choices} />
          )}
        </>
      )}
      {draft.trigger === 'field_keyword' && (
        <>
          <TemplateSelect draft={draft} onChange={onChange} errorOf={errorOf} choices={choices} />
          <Select
            label={t('form.field')}
            name="form_field_id"
            value={draft.fieldId}
            error={errorOf('fieldId')}
            disabled={draft.templateId === ''}
            hint={draft.templateId === '' ? t('form.chooseTemplateFirst') : fields.length === 0 ? t('form.noFields') : undefined}
            placeholder={t('form.chooseField')}
            onChange={(e) => onChange({ fieldId: e.target.value })}
            options={fields.map((f) => ({ value: String(f.form_field_id), label: f.field_name }))}
          />
          <Input
            label={t('form.keyword')}
            name="keyword"
            hint={t('form.keywordHint')}
            error={errorOf('keyword')}
            maxLength={200}
            value={draft.keyword}
            onChange={(e) => onChange({ keyword: e.target.value })}
          />
        </>
      )}
      {draft.trigger === 'weekly_report' && (
        <Input
          label={t('form.reportWeeks')}
          name="report_duration_weeks"
          type="number"
          inputMode="numeric"
          min={1}
          max={52}
          hint={t('form.reportWeeksHint')}
          error={errorOf('reportWeeks')}
          value={draft.reportWeeks}
          onChange={(e) => onChange({ reportWeeks: e.target.value })}
        />
      )}
    </>
  );
}

/** The fields of the chosen kind: the event, whose tasks, or which form and when. */
export function TriggerFields(props: Props) {
  const { t } = useTranslation('automations');
  const { draft, onChange, errorOf, choices, people, userId } = props;
  if (draft.kind === 'automation') return <EventFields draft={draft} onChange={onChange} errorOf={errorOf} choices={choices} />;
  if (draft.kind === 'task') {
    return (
      <>
        <Select
          label={t('form.taskUser')}
          name="user_id"
          value={draft.taskUserId}
          error={errorOf('taskUserId')}
          hint={people.length === 0 ? t('form.noPeople') : undefined}
          onChange={(e) => onChange({ taskUserId: e.target.value })}
          options={people.map((p) => ({ value: String(p.user_id), label: p.user_id === userId ? t('form.you', { name: p.name }) : p.name }))}
        />
        <Select
          label={t('form.taskTrigger')}
          name="triggered_by"
          value={draft.taskTrigger}
          onChange={(e) => onChange({ taskTrigger: e.target.value as AutomationDraft['taskTrigger'] })}
          options={[{ value: '', label: t('form.taskBoth') }, ...choices.task_triggers.map((tr) => ({ value: tr, label: t(`triggers.${tr}`) }))]}
        />
      </>
    );
  }
  return (
    <>
      <TemplateSelect draft={draft} onChange={onChange} errorOf={errorOf} choices={choices} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Select
          label={t('form.frequency')}
          name="frequency"
          value={draft.frequency}
          onChange={(e) => onChange({ frequency: e.target.value as TemplateFrequencyValue })}
          options={choices.frequencies.map((f) => ({ value: f, label: t(`frequencyOptions.${f}`) }))}
        />
        <Input
          label={t('form.time')}
          name="notification_time"
          type="time"
          error={errorOf('notificationTime')}
          value={draft.notificationTime}
          onChange={(e) => onChange({ notificationTime: e.target.value })}
        />
      </div>
    </>
  );
}
