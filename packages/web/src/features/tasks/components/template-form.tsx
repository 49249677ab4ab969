import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TASK_DESCRIPTION_MAX, TASK_FREQUENCIES, TASK_TITLE_MAX, type TaskFrequency, type TaskTemplate } from '@verdant/contract';
import { Alert, Button, Input, Select, Textarea, useToast } from '../../../components/ui';
import { errorMessage } from '../../../api/api-error';
import { formTemplatesQuery } from '../../../api/queries/form-templates';
import { usersListQuery } from '../../../api/queries/users';
import { useSaveTaskTemplate } from '../api/use-task-templates';
import { isTaskForm, personName } from '../lib/task-text';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** What is wrong with the chosen days for a frequency, or null: every week needs at least one day. */
export function weekdaysProblem(frequency: TaskFrequency, days: readonly number[]): 'weekdaysRequired' | null {
  if (frequency === 'daily') return null;
  return days.length === 0 ? 'weekdaysRequired' : null;
}

/**
 * What is sent: "Every week" on several days is the server's `weekdays` (its `weekly` is one day), so a
 * grower picks as many days as the task needs under either (issue 20).
 */
export function sentFrequency(frequency: TaskFrequency, days: readonly number[]): TaskFrequency {
  return frequency === 'weekly' && days.length > 1 ? 'weekdays' : frequency;
}

/** Today's ISO weekday (1 Monday … 7 Sunday), preselected for a new weekly task. */
export const todayWeekday = (now = new Date()) => ((now.getDay() + 6) % 7) + 1;

/** A new recurring task, or one changed (`initial`), by an Admin: title, description, task form, assignee, how it repeats and when. */
export function TemplateForm({ companyId, initial, onDone }: { companyId: number; initial?: TaskTemplate; onDone: () => void }) {
  const { t } = useTranslation('tasks');
  const toast = useToast();
  const forms = useQuery(formTemplatesQuery(companyId));
  const users = useQuery(usersListQuery(companyId));
  const save = useSaveTaskTemplate(companyId);
  const [title, setTitle] = useState(initial?.title ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [formId, setFormId] = useState(initial ? String(initial.TemplateID) : '');
  const [assigneeId, setAssigneeId] = useState(initial?.assignee ? String(initial.assignee.user_id) : '');
  const [frequency, setFrequency] = useState<TaskFrequency>(initial?.frequency ?? 'daily');
  const [days, setDays] = useState<number[]>(() => (initial?.weekdays?.length ? initial.weekdays : [todayWeekday()]));
  const [time, setTime] = useState(initial?.time_of_day ?? '08:00');
  const [tried, setTried] = useState(false);

  const dayProblem = weekdaysProblem(frequency, days);
  const taskForms = (forms.data?.templates ?? []).filter(isTaskForm);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!title.trim() || dayProblem) return;
    save.mutate(
      {
        ...(initial ? { task_template_id: initial.task_template_id } : {}),
        title: title.trim(),
        description: description.trim(),
        frequency: sentFrequency(frequency, days),
        time_of_day: time,
        ...(formId ? { TemplateID: Number(formId) } : {}),
        ...(assigneeId ? { assignee_id: Number(assigneeId) } : {}),
        ...(frequency === 'daily' ? {} : { weekdays: [...days].sort((a, b) => a - b) }),
      },
      {
        onSuccess: () => {
          toast.success(t('recurring.saved'));
          onDone();
        },
      },
    );
  };

  const toggleDay = (d: number) => setDays((now) => (now.includes(d) ? now.filter((x) => x !== d) : [...now, d]));

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 rounded-lg border border-stone-200 p-4">
      {save.isError && <Alert tone="danger">{errorMessage(save.error)}</Alert>}
      <Input
        label={t('recurring.titleLabel')}
        value={title}
        required
        maxLength={TASK_TITLE_MAX}
        error={tried && !title.trim() ? t('recurring.titleRequired') : undefined}
        onChange={(e) => setTitle(e.target.value)}
      />
      <Textarea label={t('recurring.descriptionLabel')} value={description} rows={2} maxLength={TASK_DESCRIPTION_MAX} onChange={(e) => setDescription(e.target.value)} />
      <div className="grid gap-3 sm:grid-cols-2">
        <Select
          label={t('recurring.form')}
          value={formId}
          onChange={(e) => setFormId(e.target.value)}
          options={[{ value: '', label: t('recurring.defaultForm') }, ...taskForms.map((f) => ({ value: String(f.TemplateID), label: f.TemplateName }))]}
        />
        <Select
          label={t('recurring.assignee')}
          value={assigneeId}
          onChange={(e) => setAssigneeId(e.target.value)}
          options={[
            { value: '', label: t('recurring.nobody') },
            ...(users.data ?? []).filter((u) => u.active).map((u) => ({ value: String(u.user_id), label: personName(u) ?? u.email })),
          ]}
        />
        <Select
          label={t('recurring.frequency')}
          value={frequency}
          onChange={(e) => {
            const next = e.target.value as TaskFrequency;
            setFrequency(next);
            if (next !== 'daily') setDays((now) => (now.length ? now : [todayWeekday()]));
          }}
          options={TASK_FREQUENCIES.map((f) => ({ value: f, label: t(`recurring.frequencies.${f}`) }))}
        />
        <Input label={t('recurring.time')} hint={t('recurring.timeHint')} type="time" value={time} required onChange={(e) => setTime(e.target.value)} />
      </div>
      {frequency !== 'daily' && (
        <fieldset className="flex flex-col gap-2">
          <legend className="text-sm font-medium text-stone-900">{t('recurring.weekdays')}</legend>
          <div className="flex flex-wrap gap-1">
            {WEEKDAYS.map((d) => (
              <button
                key={d}
                type="button"
                aria-pressed={days.includes(d)}
                onClick={() => toggleDay(d)}
                className="min-h-11 min-w-11 rounded-md border border-stone-300 px-2 text-sm font-medium text-stone-800 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-brand-600 aria-pressed:border-brand-700 aria-pressed:bg-brand-700 aria-pressed:text-white"
              >
                {t(`recurring.days.${d}`)}
              </button>
            ))}
          </div>
          {tried && dayProblem && <p className="text-sm font-medium text-red-700">{t(`recurring.${dayProblem}`)}</p>}
        </fieldset>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={save.isPending}>
          {t('recurring.save')}
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          {t('recurring.cancel')}
        </Button>
      </div>
    </form>
  );
}
