import type { TFunction } from 'i18next';
import { METHOD_CHANNEL, type DeliveryChannel, type Notification } from '@verdant/contract';

/**
 * One sentence saying what sets a notification off, in the reader's language. `nameOf` gives a
 * colleague's name for task notifications (their user id otherwise stays unexplained).
 */
export function describeNotification(n: Notification, t: TFunction, nameOf: (userId: number) => string | undefined): string {
  const template = n.template_name ?? t('describe.aForm');
  if (n.kind === 'task') {
    const name = nameOf(n.user_id) ?? t('describe.someone');
    if (n.triggered_by === 'task_assigned') return t('describe.taskAssigned', { name });
    if (n.triggered_by === 'task_status_changed') return t('describe.taskStatus', { name });
    return t('describe.taskBoth', { name });
  }
  if (n.kind === 'template') {
    const frequency = n.frequency === 'weekly' || n.frequency === 'monthly' ? n.frequency : 'daily';
    return t('describe.template', { template, frequency: t(`frequencies.${frequency}`), time: n.notification_time ?? '—' });
  }
  switch (n.trigger) {
    case 'problem_observed':
      return n.problem_type ? t('describe.problemOne', { problem: n.problem_type }) : t('describe.problemAny');
    case 'form_submitted':
      // One form's automation also carries that form's category: the form is what it matches.
      return n.template_id === null && n.form_category ? t('describe.formCategory', { category: n.form_category }) : t('describe.formTemplate', { template });
    case 'field_keyword':
      return t('describe.keyword', { field: n.field_name ?? '—', template, keyword: n.keyword ?? '' });
    case 'task_assigned':
    case 'task_status_changed':
      return t(`triggers.${n.trigger}`);
    case 'weekly_report':
      return t('describe.weekly', { count: n.report_duration_weeks ?? 1 });
    default:
      return n.weekly_report ? t('describe.weekly', { count: n.report_duration_weeks ?? 1 }) : (n.trigger ?? t('describe.unknown'));
  }
}

/** The channels a notification sends through, in the order of its methods. */
export function channelsOf(n: Notification): DeliveryChannel[] {
  return n.methods.map((m) => METHOD_CHANNEL[m]);
}

/** Where one channel of a notification goes: the addresses, or the webhook as the server masked it. */
export function targetOf(n: Notification, channel: DeliveryChannel): string {
  if (channel === 'email') return n.email_recipients.join(', ');
  return { slack: n.slack_webhook_url, teams: n.teams_webhook_url, webhook: n.webhook_url }[channel] ?? '';
}
