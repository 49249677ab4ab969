import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { automationsMessages } from '@verdant/contract';
import { Button, Card, ErrorState, LoadingState, useToast } from '../../../components/ui';
import { DraftFormAlerts, useDraftForm } from '../../../components/draft-form';
import { automationFieldsQuery } from '../../../api/queries/automations';
import { usersListQuery } from '../../../api/queries/users';
import { translateServerMessage } from '../../../lib/server-message';
import { useCreateAutomation } from '../api/use-create-automation';
import { automationSchema, emptyDraft, WIRE_FIELD, type DraftField, type DraftKind } from '../lib/automation-draft';
import { RecipientFields } from './recipient-fields';
import { TriggerFields } from './trigger-fields';
import { WebhookSecretDialog } from './webhook-secret-dialog';

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
  const [schema] = useState(() => automationSchema(userId));
  const [defaultValues] = useState(() => emptyDraft(userId));
  /** A new generic webhook's secret: shown once before the form closes. */
  const [secret, setSecret] = useState<string | null>(null);
  const { form, draft, change, errorOf: errorIn, hasRuleErrors, serverError, showServerError } = useDraftForm({ schema, defaultValues, wireField: WIRE_FIELD });
  const server = (message: string) => translateServerMessage(message, automationsMessages, t, 'automations:server');

  const people = useMemo(
    () =>
      (users.data ?? [])
        .filter((u) => u.active)
        .map((u) => ({ user_id: u.user_id, name: `${u.first_name} ${u.last_name}`.trim() || u.email })),
    [users.data],
  );

  const errorOf = (field: DraftField) => errorIn(field, (key) => t(key));

  const submit = form.handleSubmit((request) => {
    create.mutate(request, {
      onSuccess: (res) => {
        toast.success(server(res.message));
        if (res.webhook_secret) setSecret(res.webhook_secret);
        else onDone();
      },
      onError: (err) => showServerError(err, server(err.message)),
    });
  });

  return (
    <Card title={t('form.title')} description={t('form.description')}>
      {secret && <WebhookSecretDialog secret={secret} onClose={onDone} />}
      {choices.isPending ? (
        <LoadingState />
      ) : choices.isError ? (
        <ErrorState error={new Error(server(choices.error.message))} onRetry={() => void choices.refetch()} />
      ) : (
        <form onSubmit={submit} noValidate className="space-y-5" aria-label={t('form.title')}>
          <DraftFormAlerts hasRuleErrors={hasRuleErrors} fixErrors={t('form.fixErrors')} serverError={serverError} />
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
                      form.clearErrors();
                      change({ kind: k, templateId: '', fieldId: '' });
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
