import { automationsMessages, type NotificationMethod, type NotificationTrigger } from '@verdant/contract';
import type { CreateNotificationInput, CreateTaskNotificationInput, CreateTemplateNotificationInput } from '../../../api/automations';
import { draftSchema } from '../../../components/draft-form';

/** The three things a person can set up: an automation on an event, their tasks' news, a form reminder. */
export type DraftKind = 'automation' | 'task' | 'template';
export type TemplateFrequencyValue = 'daily' | 'weekly' | 'monthly';

/** The automation form as typed: every value a string, as the controls hold it. */
export interface AutomationDraft {
  kind: DraftKind;
  trigger: NotificationTrigger | '';
  /** '' = any problem. */
  problemType: string;
  /** A form submission is matched by its category or by one template. */
  formBy: 'category' | 'template';
  formCategory: string;
  templateId: string;
  fieldId: string;
  keyword: string;
  reportWeeks: string;
  taskUserId: string;
  /** '' = both: assigned and status changed. */
  taskTrigger: '' | 'task_assigned' | 'task_status_changed';
  frequency: TemplateFrequencyValue;
  notificationTime: string;
  methods: NotificationMethod[];
  /** Addresses as typed, separated by ';', ',' or new lines. */
  emails: string;
  slackUrl: string;
  teamsUrl: string;
  /** A generic webhook of the company's own (signed, any https host). */
  webhookUrl: string;
}

export function emptyDraft(userId: number | null): AutomationDraft {
  return {
    kind: 'automation',
    trigger: 'problem_observed',
    problemType: '',
    formBy: 'category',
    formCategory: '',
    templateId: '',
    fieldId: '',
    keyword: '',
    reportWeeks: '1',
    taskUserId: userId ? String(userId) : '',
    taskTrigger: '',
    frequency: 'daily',
    notificationTime: '08:00',
    methods: ['email'],
    emails: '',
    slackUrl: '',
    teamsUrl: '',
    webhookUrl: '',
  };
}

type ServerMessageKey = keyof typeof automationsMessages;
/** Checks of this form that the server words differently or not at all. */
export type LocalErrorKey = 'methodRequired' | 'emailInvalid' | 'urlHttps' | 'weeksRange' | 'timeRequired' | 'taskUserRequired';
/** An error under a field: one of the contract's sentences (`server`) or the form's own (`local`). */
export type DraftError = { server: ServerMessageKey } | { local: LocalErrorKey };
export type DraftField = 'trigger' | 'formCategory' | 'templateId' | 'fieldId' | 'keyword' | 'reportWeeks' | 'taskUserId' | 'notificationTime' | 'methods' | 'emails' | 'slackUrl' | 'teamsUrl' | 'webhookUrl';
export type DraftErrors = Partial<Record<DraftField, DraftError>>;

const EMAIL = /^[^\s@;,]+@[^\s@;,]+\.[^\s@;,]+$/;

/** The typed addresses, split on ';', ',' and white space, blanks dropped. */
export function splitEmails(text: string): string[] {
  return text
    .split(/[;,\s]+/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

function isHttpsUrl(text: string): boolean {
  try {
    return new URL(text.trim()).protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Spec-2 §5's rules before sending: e-mail needs a recipient, Slack a Slack URL, Teams a Teams URL, a webhook its URL, plus
 * what each trigger needs. The server checks the same (and the webhook hosts); an empty result means the
 * draft may be sent.
 */
export function validateDraft(d: AutomationDraft): DraftErrors {
  const errors: DraftErrors = {};
  if (d.kind === 'automation') {
    if (d.trigger === '') errors.trigger = { server: 'triggerRequired' };
    if (d.trigger === 'form_submitted') {
      if (d.formBy === 'category' && d.formCategory.trim() === '') errors.formCategory = { server: 'categoryRequired' };
      if (d.formBy === 'template' && d.templateId === '') errors.templateId = { server: 'templateRequired' };
    }
    if (d.trigger === 'field_keyword') {
      if (d.templateId === '') errors.templateId = { server: 'templateRequired' };
      if (d.fieldId === '') errors.fieldId = { server: 'fieldRequired' };
      if (d.keyword.trim() === '') errors.keyword = { server: 'fieldRequired' };
    }
    if (d.trigger === 'weekly_report') {
      const weeks = Number(d.reportWeeks);
      if (d.reportWeeks.trim() === '') errors.reportWeeks = { server: 'durationRequired' };
      else if (!Number.isInteger(weeks) || weeks < 1 || weeks > 52) errors.reportWeeks = { local: 'weeksRange' };
    }
  }
  if (d.kind === 'task' && d.taskUserId === '') errors.taskUserId = { local: 'taskUserRequired' };
  if (d.kind === 'template') {
    if (d.templateId === '') errors.templateId = { server: 'templateRequired' };
    if (d.notificationTime === '') errors.notificationTime = { local: 'timeRequired' };
  }

  if (d.methods.length === 0) errors.methods = { local: 'methodRequired' };
  if (d.methods.includes('email')) {
    const emails = splitEmails(d.emails);
    if (emails.length === 0) errors.emails = { server: 'emailRecipientRequired' };
    else if (!emails.every((e) => EMAIL.test(e))) errors.emails = { local: 'emailInvalid' };
  }
  if (d.methods.includes('slack')) {
    if (d.slackUrl.trim() === '') errors.slackUrl = { server: 'slackUrlRequired' };
    else if (!isHttpsUrl(d.slackUrl)) errors.slackUrl = { local: 'urlHttps' };
  }
  if (d.methods.includes('Microsoft Teams')) {
    if (d.teamsUrl.trim() === '') errors.teamsUrl = { server: 'teamsUrlRequired' };
    else if (!isHttpsUrl(d.teamsUrl)) errors.teamsUrl = { local: 'urlHttps' };
  }
  if (d.methods.includes('webhook')) {
    if (d.webhookUrl.trim() === '') errors.webhookUrl = { server: 'webhookUrlRequired' };
    else if (!isHttpsUrl(d.webhookUrl)) errors.webhookUrl = { local: 'urlHttps' };
  }
  return errors;
}

/** Where a server's 400 names a wire field, the form field that shows it. */
export const WIRE_FIELD: Record<string, DraftField> = {
  method: 'methods',
  email_recipient: 'emails',
  slack_webhook_url: 'slackUrl',
  teams_webhook_url: 'teamsUrl',
  webhook_url: 'webhookUrl',
  trigger: 'trigger',
  form_category: 'formCategory',
  template_id: 'templateId',
  form_field_id: 'fieldId',
  keyword: 'keyword',
  report_duration_weeks: 'reportWeeks',
  user_id: 'taskUserId',
  notification_time: 'notificationTime',
};

/** Only the recipients of the chosen methods travel; methods and addresses are joined with ';' (spec-2 §7). */
function recipients(d: AutomationDraft) {
  return {
    method: d.methods.join(';'),
    email_recipient: d.methods.includes('email') ? splitEmails(d.emails).join(';') : undefined,
    slack_webhook_url: d.methods.includes('slack') ? d.slackUrl.trim() : undefined,
    teams_webhook_url: d.methods.includes('Microsoft Teams') ? d.teamsUrl.trim() : undefined,
    webhook_url: d.methods.includes('webhook') ? d.webhookUrl.trim() : undefined,
  };
}

export type DraftRequest =
  | { kind: 'automation'; input: CreateNotificationInput }
  | { kind: 'task'; input: CreateTaskNotificationInput }
  | { kind: 'template'; input: CreateTemplateNotificationInput };

/** The call a valid draft makes; `userId` is the signed-in person (the spec's query user_id). */
export function draftRequest(d: AutomationDraft, userId: number): DraftRequest {
  if (d.kind === 'task') {
    return {
      kind: 'task',
      input: { user_id: Number(d.taskUserId), triggered_by: d.taskTrigger || undefined, ...recipients(d) },
    };
  }
  if (d.kind === 'template') {
    return {
      kind: 'template',
      input: {
        user_id: userId,
        template_id: Number(d.templateId),
        frequency: d.frequency,
        notification_time: d.notificationTime,
        ...recipients(d),
      },
    };
  }
  const trigger = d.trigger || undefined;
  const byTemplate = (trigger === 'form_submitted' && d.formBy === 'template') || trigger === 'field_keyword';
  return {
    kind: 'automation',
    input: {
      user_id: userId,
      trigger,
      problem_type: trigger === 'problem_observed' && d.problemType ? d.problemType : undefined,
      form_category: trigger === 'form_submitted' && d.formBy === 'category' ? d.formCategory.trim() : undefined,
      template_id: byTemplate ? Number(d.templateId) : undefined,
      form_field_id: trigger === 'field_keyword' ? Number(d.fieldId) : undefined,
      keyword: trigger === 'field_keyword' ? d.keyword.trim() : undefined,
      weekly_report: trigger === 'weekly_report' ? 1 : undefined,
      report_duration_weeks: trigger === 'weekly_report' ? Number(d.reportWeeks) : undefined,
      is_automation: 1,
      ...recipients(d),
    },
  };
}

/** The form's schema: `validateDraft`'s refusals as keys of the automations texts; a valid draft becomes its call. */
export const automationSchema = (userId: number) =>
  draftSchema<AutomationDraft, DraftRequest>(
    (d) => Object.fromEntries(Object.entries(validateDraft(d)).map(([field, e]) => [field, 'server' in e ? `server.${e.server}` : `errors.${e.local}`])),
    (d) => draftRequest(d, userId),
  );
