/** The client's fallback texts for automations (spec-2 §8), and the server's answers. */
export const automationsMessages = {
  getFailed: 'Failed to get automations',
  createFailed: 'Failed to create notification',
  deleteFailed: 'Failed to delete notification',
  created: 'Notification created.',
  deleted: 'Notification deleted.',
  retried: 'Delivery queued again.',
  /** Spec-2 §5: each method needs its recipient (the spec gives the rule, not the words). */
  emailRecipientRequired: 'An email recipient is required for email notifications.',
  slackUrlRequired: 'A Slack webhook URL is required for Slack notifications.',
  teamsUrlRequired: 'A Teams webhook URL is required for Microsoft Teams notifications.',
  templateOrCompany: 'Send template_id or company_id.',
  triggerRequired: 'Choose what triggers this notification.',
  categoryRequired: 'Choose the form category whose submissions trigger this notification.',
  templateRequired: 'Choose the form template this notification is about.',
  fieldRequired: 'Choose the form field and the keyword that trigger this notification.',
  fieldNotInTemplate: 'That field is not a field of the chosen form template.',
  durationRequired: 'Say how many weeks the weekly report covers (report_duration_weeks).',
  notOwner: 'Only the person who created this notification or an Admin can change it.',
  notDead: 'Only a dead delivery (every attempt failed) can be retried.',
  testSubject: 'Verdant test notification',
} as const;
