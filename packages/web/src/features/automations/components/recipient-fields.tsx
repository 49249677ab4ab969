import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { METHOD_CHANNEL, NOTIFICATION_METHODS, type NotificationMethod } from '@verdant/contract';
import { Input, Textarea } from '../../../components/ui';
import type { AutomationDraft, DraftField } from '../lib/automation-draft';

interface Props {
  draft: AutomationDraft;
  onChange: (patch: Partial<AutomationDraft>) => void;
  /** The error text of each field, already in the reader's language. */
  errorOf: (field: DraftField) => string | undefined;
}

/** How it is sent (e-mail, Slack, Teams, a signed webhook, several at once) and, for each chosen way, where to. */
export function RecipientFields({ draft, onChange, errorOf }: Props) {
  const { t } = useTranslation('automations');
  const id = useId();
  const methodsError = errorOf('methods');
  const toggle = (m: NotificationMethod, on: boolean) =>
    onChange({ methods: on ? NOTIFICATION_METHODS.filter((x) => x === m || draft.methods.includes(x)) : draft.methods.filter((x) => x !== m) });

  return (
    <div className="space-y-4">
      <fieldset aria-describedby={methodsError ? `${id}-error` : undefined}>
        <legend className="mb-1.5 text-sm font-medium text-stone-800">{t('form.methods')}</legend>
        <div className="flex flex-wrap gap-2">
          {NOTIFICATION_METHODS.map((m) => (
            <label
              key={m}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg px-3 text-sm text-stone-800 ring-1 ring-stone-300 has-[:checked]:bg-brand-50 has-[:checked]:ring-brand-600"
            >
              <input
                type="checkbox"
                className="size-5 accent-brand-700"
                checked={draft.methods.includes(m)}
                onChange={(e) => toggle(m, e.target.checked)}
              />
              {t(`channels.${METHOD_CHANNEL[m]}`)}
            </label>
          ))}
        </div>
        {methodsError && (
          <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-red-700">
            {methodsError}
          </p>
        )}
      </fieldset>

      {draft.methods.includes('email') && (
        <Textarea
          label={t('form.emails')}
          hint={t('form.emailsHint')}
          error={errorOf('emails')}
          name="email_recipient"
          rows={2}
          inputMode="email"
          autoComplete="off"
          value={draft.emails}
          onChange={(e) => onChange({ emails: e.target.value })}
        />
      )}
      {draft.methods.includes('slack') && (
        <Input
          label={t('form.slackUrl')}
          hint={t('form.slackHint')}
          error={errorOf('slackUrl')}
          name="slack_webhook_url"
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          value={draft.slackUrl}
          onChange={(e) => onChange({ slackUrl: e.target.value })}
        />
      )}
      {draft.methods.includes('Microsoft Teams') && (
        <Input
          label={t('form.teamsUrl')}
          hint={t('form.teamsHint')}
          error={errorOf('teamsUrl')}
          name="teams_webhook_url"
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          value={draft.teamsUrl}
          onChange={(e) => onChange({ teamsUrl: e.target.value })}
        />
      )}
      {draft.methods.includes('webhook') && (
        <Input
          label={t('form.webhookUrl')}
          hint={t('form.webhookHint')}
          error={errorOf('webhookUrl')}
          name="webhook_url"
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          value={draft.webhookUrl}
          onChange={(e) => onChange({ webhookUrl: e.target.value })}
        />
      )}
      {(draft.methods.includes('slack') || draft.methods.includes('Microsoft Teams') || draft.methods.includes('webhook')) && (
        <p className="text-sm text-stone-600">{t('form.secretNote')}</p>
      )}
    </div>
  );
}
