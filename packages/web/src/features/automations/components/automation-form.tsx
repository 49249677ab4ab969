import { useMemo, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { automationsMessages } from '@verdant/contract';
import { Alert, Button, Card, ErrorState, LoadingState, useToast } from '../../../components/ui';
import { automationFieldsQuery } from '../../../api/queries/automations';
import { usersListQuery } from '../../../api/queries/users';
import { ApiError } from '../../../api/api-error';
import { translateServerMessage } from '../../../lib/server-message';
import { useCreateAutomation } from '../api/use-create-automation';
import {
  draftRequest,
  emptyDraft,
  validateDraft,
  WIRE_FIELD,
  type AutomationDraft,
  type DraftErrors,
  type DraftField,
  type DraftKind,
} from '../lib/automation-draft';
import { RecipientFields } from './recipient-fields';
import { TriggerFields } from './trigger-fields';

const KINDS: DraftKind[] = ['automation', 'task', 'template'];

interface Props {
  companyId: number;
  userId: number;
  onDone: () => void;
}

/** Sets up an automation, a task notification or a form reminder, with the spec's rules checked as you save. */
export function AutomationForm({ companyId, userId, onDone }: Props) {
  const { t } = useTranslation('automations');
  const toast = useToast();
  const choices = useQuery(automationFieldsQuery(companyId));
  const users = useQuery(usersListQuery(companyId));
  const create = useCreateAutomation(companyId);
  const [draft, setDraft] = useState<AutomationDraft>(() => emptyDraft(userId));
  const [errors, setErrors] = useState<DraftErrors>({});
  const [serverError, setServerError] = useState<{ field?: DraftField; text: string } | null>(null);
  const server = (message: string) => translateServerMessage(message, automationsMessages, t, 'automations:server');

  const people = useMemo(
    () =>
      (users.data ?? [])
        .filter((u) => u.active)
        .map((u) => ({ user_id: u.user_id, name: `${u.first_name} ${u.last_name}`.trim() || u.email })),
    [users.data],
  );

  const change = (patch: Partial<AutomationDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    const touched = Object.keys(patch) as Array<keyof AutomationDraft>;
    setErrors((e) => {
      const next = { ...e };
      for (const k of touched) delete next[k as DraftField];
      return next;
    });
    if (serverError?.field && touched.includes(serverError.field as keyof AutomationDraft)) setServerError(null);
  };

  const errorOf = (field: DraftField): string | undefined => {
    const e = errors[field];
    if (e) return 'server' in e ? t(`server.${e.server}`) : t(`errors.${e.local}`);
    return serverError?.field === field ? serverError.text : undefined;
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateDraft(draft);
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length > 0) return;
    create.mutate(draftRequest(draft, userId), {
      onSuccess: (res) => {
        toast.success(server(res.message));
        onDone();
      },
      onError: (err) => {
        const field = err instanceof ApiError && err.field ? WIRE_FIELD[err.field] : undefined;
        setServerError({ field, text: server(err.message) });
      },
    });
  };

  const hasErrors = Object.keys(errors).length > 0;

  return (
    <Card title={t('form.title')} description={t('form.description')}>
      {choices.isPending ? (
        <LoadingState />
      ) : choices.isError ? (
        <ErrorState error={new Error(server(choices.error.message))} onRetry={() => void choices.refetch()} />
      ) : (
        <form onSubmit={submit} noValidate className="space-y-5" aria-label={t('form.title')}>
          {hasErrors && <Alert tone="danger">{t('form.fixErrors')}</Alert>}
          {serverError && !serverError.field && <Alert tone="danger">{serverError.text}</Alert>}
          <fieldset>
            <legend className="mb-1.5 text-sm font-medium text-stone-800">{t('form.kind')}</legend>
            <div className="grid gap-2 sm:grid-cols-3">
              {KINDS.map((k) => (
                <label
                  key={k}
                  className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm text-stone-800 ring-1 ring-stone-300 has-[:checked]:bg-brand-50 has-[:checked]:ring-brand-600"
                >
                  <input
                    type="radio"
                    name="kind"
                    className="size-5 shrink-0 accent-brand-700"
                    checked={draft.kind === k}
                    onChange={() => {
                      setErrors({});
                      setServerError(null);
                      setDraft((d) => ({ ...d, kind: k, templateId: '', fieldId: '' }));
                    }}
                  />
                  {t(`kinds.${k}`)}
                </label>
              ))}
            </div>
          </fieldset>

          <TriggerFields draft={draft} onChange={change} errorOf={errorOf} choices={choices.data} people={people} userId={userId} />
          <RecipientFields draft={draft} onChange={change} errorOf={errorOf} />

          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onDone} disabled={create.isPending}>
              {t('form.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('form.save')}
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}
