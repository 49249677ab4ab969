import { describe, expect, it } from 'vitest';
import { automationsMessages } from '@verdant/contract';
import { draftRequest, emptyDraft, splitEmails, validateDraft, type AutomationDraft } from '../lib/automation-draft';
import en from '../locales/en.json';

const draft = (patch: Partial<AutomationDraft>): AutomationDraft => ({ ...emptyDraft(7), ...patch });

describe('validateDraft: spec-2 §5, each method needs its recipient', () => {
  it('e-mail needs a recipient, Slack a Slack URL, Teams a Teams URL', () => {
    expect(validateDraft(draft({ methods: ['email', 'slack', 'Microsoft Teams'] }))).toEqual({
      emails: { server: 'emailRecipientRequired' },
      slackUrl: { server: 'slackUrlRequired' },
      teamsUrl: { server: 'teamsUrlRequired' },
    });
  });

  it('asks for at least one method, readable addresses and https webhooks', () => {
    expect(validateDraft(draft({ methods: [] }))).toEqual({ methods: { local: 'methodRequired' } });
    expect(validateDraft(draft({ emails: 'ana@example.com; not-an-address' }))).toEqual({ emails: { local: 'emailInvalid' } });
    expect(validateDraft(draft({ methods: ['slack'], slackUrl: 'http://hooks.slack.com/services/x' }))).toEqual({ slackUrl: { local: 'urlHttps' } });
    expect(validateDraft(draft({ methods: ['slack'], slackUrl: 'https://hooks.slack.com/services/T/B/x' }))).toEqual({});
  });

  it('asks for what each trigger needs', () => {
    expect(validateDraft(draft({ emails: 'a@b.co', trigger: '' }))).toEqual({ trigger: { server: 'triggerRequired' } });
    expect(validateDraft(draft({ emails: 'a@b.co', trigger: 'form_submitted' }))).toEqual({ formCategory: { server: 'categoryRequired' } });
    expect(validateDraft(draft({ emails: 'a@b.co', trigger: 'form_submitted', formBy: 'template' }))).toEqual({ templateId: { server: 'templateRequired' } });
    expect(validateDraft(draft({ emails: 'a@b.co', trigger: 'field_keyword', templateId: '4' }))).toEqual({
      fieldId: { server: 'fieldRequired' },
      keyword: { server: 'fieldRequired' },
    });
    expect(validateDraft(draft({ emails: 'a@b.co', trigger: 'weekly_report', reportWeeks: '' }))).toEqual({ reportWeeks: { server: 'durationRequired' } });
    expect(validateDraft(draft({ emails: 'a@b.co', trigger: 'weekly_report', reportWeeks: '53' }))).toEqual({ reportWeeks: { local: 'weeksRange' } });
    expect(validateDraft(draft({ emails: 'a@b.co', kind: 'template', notificationTime: '' }))).toEqual({
      templateId: { server: 'templateRequired' },
      notificationTime: { local: 'timeRequired' },
    });
    expect(validateDraft(draft({ emails: 'a@b.co', kind: 'task', taskUserId: '' }))).toEqual({ taskUserId: { local: 'taskUserRequired' } });
  });

  it("the English texts are the contract's sentences, character for character", () => {
    expect(en.server).toEqual(automationsMessages);
  });
});

describe('draftRequest', () => {
  it('joins methods and recipients with ";" and sends only the chosen channels and the trigger’s own fields', () => {
    const d = draft({
      trigger: 'problem_observed',
      problemType: 'Aphids',
      methods: ['email', 'Microsoft Teams'],
      emails: 'ana@example.com,\nbo@example.com ',
      slackUrl: 'https://hooks.slack.com/services/left/over',
      teamsUrl: ' https://acme.webhook.office.com/webhookb2/x ',
      keyword: 'left over',
    });
    expect(draftRequest(d, 7)).toEqual({
      kind: 'automation',
      input: {
        user_id: 7,
        trigger: 'problem_observed',
        problem_type: 'Aphids',
        form_category: undefined,
        template_id: undefined,
        form_field_id: undefined,
        keyword: undefined,
        weekly_report: undefined,
        report_duration_weeks: undefined,
        is_automation: 1,
        method: 'email;Microsoft Teams',
        email_recipient: 'ana@example.com;bo@example.com',
        slack_webhook_url: undefined,
        teams_webhook_url: 'https://acme.webhook.office.com/webhookb2/x',
      },
    });
  });

  it('a keyword automation names its template and field; a form reminder and a task notification their own calls', () => {
    const keyword = draftRequest(draft({ trigger: 'field_keyword', templateId: '4', fieldId: '12', keyword: ' thrips ', emails: 'a@b.co' }), 7);
    expect(keyword.input).toMatchObject({ trigger: 'field_keyword', template_id: 4, form_field_id: 12, keyword: 'thrips' });

    expect(draftRequest(draft({ kind: 'template', templateId: '4', frequency: 'weekly', notificationTime: '07:30', emails: 'a@b.co' }), 7)).toEqual({
      kind: 'template',
      input: {
        user_id: 7,
        template_id: 4,
        frequency: 'weekly',
        notification_time: '07:30',
        method: 'email',
        email_recipient: 'a@b.co',
        slack_webhook_url: undefined,
        teams_webhook_url: undefined,
      },
    });

    expect(draftRequest(draft({ kind: 'task', taskUserId: '9', taskTrigger: 'task_assigned', methods: ['slack'], slackUrl: 'https://hooks.slack.com/x' }), 7)).toEqual({
      kind: 'task',
      input: {
        user_id: 9,
        triggered_by: 'task_assigned',
        method: 'slack',
        email_recipient: undefined,
        slack_webhook_url: 'https://hooks.slack.com/x',
        teams_webhook_url: undefined,
      },
    });
  });

  it('splits typed addresses on ;, commas and white space', () => {
    expect(splitEmails(' a@b.co;c@d.co , e@f.co\ng@h.co ')).toEqual(['a@b.co', 'c@d.co', 'e@f.co', 'g@h.co']);
  });
});
