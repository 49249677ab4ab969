import { useRef, useState, type FormEvent } from 'react';
import { contactEndpoints } from '@verdant/contract';
import { ApiError, toApiError } from '../../../api/api-error';
import { callEndpoint } from '../../../api/call-endpoint';
import { httpPlain } from '../../../api/http';
import { Alert, Button, Input, Textarea } from '../../../components/ui';
import {
  CONTACT_FIELDS,
  CONTACT_LIMITS,
  isContactField,
  validateContact,
  type ContactErrors,
  type ContactField,
  type ContactValues,
} from '../lib/contact-validation';
import { usePublicText } from '../lib/use-public-text';

type Status = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent'; message: string; email: string } | { kind: 'failed'; title: string; message: string };

const EMPTY: ContactValues = { name: '', email: '', company: '', message: '' };

/** Sends the message to POST /api/contact_us (public, no auth header). */
export async function sendContactMessage(values: ContactValues) {
  const company = values.company.trim();
  return callEndpoint(
    contactEndpoints.contactUs,
    { name: values.name.trim(), email: values.email.trim(), message: values.message.trim(), ...(company ? { company } : {}) },
    httpPlain,
  );
}

export function ContactForm({ initialMessage = '' }: { initialMessage?: string }) {
  const { t } = usePublicText();
  const [values, setValues] = useState<ContactValues>({ ...EMPTY, message: initialMessage });
  const [clientErrors, setClientErrors] = useState<ContactErrors>({});
  const [serverField, setServerField] = useState<{ field: ContactField; message: string } | null>(null);
  const [attempted, setAttempted] = useState(false);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const refs = useRef<Partial<Record<ContactField, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  const doneRef = useRef<HTMLHeadingElement>(null);

  function errorFor(field: ContactField): string | undefined {
    const key = clientErrors[field];
    if (key) return t(`contact.errors.${key}`, { max: CONTACT_LIMITS[field as keyof typeof CONTACT_LIMITS] });
    return serverField?.field === field ? serverField.message : undefined;
  }

  function update(field: ContactField, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    if (attempted) setClientErrors(validateContact(next));
    if (serverField?.field === field) setServerField(null);
  }

  function focusField(field: ContactField) {
    refs.current[field]?.focus();
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (status.kind === 'sending') return;
    setAttempted(true);
    setServerField(null);
    const errors = validateContact(values);
    setClientErrors(errors);
    const firstInvalid = CONTACT_FIELDS.find((f) => errors[f]);
    if (firstInvalid) {
      setStatus({ kind: 'idle' });
      focusField(firstInvalid);
      return;
    }
    setStatus({ kind: 'sending' });
    try {
      const answer = await sendContactMessage(values);
      setStatus({ kind: 'sent', message: answer.message ?? '', email: values.email.trim() });
      setValues({ ...EMPTY });
      setAttempted(false);
      requestAnimationFrame(() => doneRef.current?.focus());
    } catch (err) {
      const apiError = err instanceof ApiError ? err : toApiError(err);
      if (apiError.status === 429) {
        setStatus({
          kind: 'failed',
          title: t('contact.errors.rateLimitedTitle'),
          message: apiError.fromServer ? apiError.message : t('contact.errors.rateLimited'),
        });
        return;
      }
      if (apiError.status === undefined && !apiError.fromServer) {
        setStatus({ kind: 'failed', title: t('contact.errors.failedTitle'), message: t('contact.errors.network') });
        return;
      }
      const message = apiError.fromServer ? apiError.message : t('contact.errors.generic');
      setStatus({ kind: 'failed', title: t('contact.errors.failedTitle'), message });
      if (isContactField(apiError.field)) {
        setServerField({ field: apiError.field, message });
        focusField(apiError.field);
      }
    }
  }

  if (status.kind === 'sent') {
    return (
      <div role="status" className="scroll-mt-24 rounded-2xl border border-green-300 bg-green-50 p-6 text-green-900">
        <h2 ref={doneRef} tabIndex={-1} className="scroll-mt-24 text-xl font-bold outline-none">
          {t('contact.sent.title')}
        </h2>
        {status.message && <p className="mt-2 text-sm leading-relaxed">{status.message}</p>}
        <p className="mt-2 text-sm leading-relaxed">{t('contact.sent.body', { email: status.email })}</p>
        <Button variant="secondary" className="mt-5" onClick={() => setStatus({ kind: 'idle' })}>
          {t('contact.sent.again')}
        </Button>
      </div>
    );
  }

  const sending = status.kind === 'sending';
  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby="contact-form-title" className="space-y-5 [&_input]:scroll-mt-28 [&_textarea]:scroll-mt-28">
      <h2 id="contact-form-title" className="text-xl font-bold text-stone-900">
        {t('contact.form.title')}
      </h2>
      {status.kind === 'failed' && (
        <Alert tone="danger" title={status.title}>
          {status.message}
        </Alert>
      )}
      {attempted && Object.keys(clientErrors).length > 0 && (
        <Alert tone="danger" title={t('contact.errors.summary')}>
          <ul className="list-disc pl-4">
            {CONTACT_FIELDS.filter((f) => clientErrors[f]).map((f) => (
              <li key={f}>{errorFor(f)}</li>
            ))}
          </ul>
        </Alert>
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        <Input
          ref={(el) => {
            refs.current.name = el;
          }}
          name="name"
          label={t('contact.form.name')}
          autoComplete="name"
          required
          maxLength={CONTACT_LIMITS.name + 50}
          value={values.name}
          onChange={(e) => update('name', e.target.value)}
          error={errorFor('name')}
        />
        <Input
          ref={(el) => {
            refs.current.email = el;
          }}
          name="email"
          type="email"
          inputMode="email"
          label={t('contact.form.email')}
          autoComplete="email"
          required
          value={values.email}
          onChange={(e) => update('email', e.target.value)}
          error={errorFor('email')}
          hint={t('contact.form.emailHint')}
        />
      </div>
      <Input
        ref={(el) => {
          refs.current.company = el;
        }}
        name="company"
        label={
          <>
            {t('contact.form.company')} <span className="font-normal text-stone-600">{t('contact.form.optional')}</span>
          </>
        }
        autoComplete="organization"
        value={values.company}
        onChange={(e) => update('company', e.target.value)}
        error={errorFor('company')}
      />
      <Textarea
        ref={(el) => {
          refs.current.message = el;
        }}
        name="message"
        label={t('contact.form.message')}
        required
        rows={6}
        value={values.message}
        onChange={(e) => update('message', e.target.value)}
        error={errorFor('message')}
        hint={t('contact.form.messageHint', { used: values.message.length, max: CONTACT_LIMITS.message })}
      />
      <p className="text-sm text-stone-600">{t('contact.form.required')}</p>
      <Button type="submit" size="lg" loading={sending} className="w-full sm:w-auto">
        {sending ? t('contact.form.sending') : t('contact.form.submit')}
      </Button>
    </form>
  );
}
