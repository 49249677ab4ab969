/** The parts of an automation its description needs (a notifications row as the repository reads it). */
export interface AutomationShape {
  kind: string;
  trigger: string | null;
  problem_type: string | null;
  form_category: string | null;
  template_name?: string | null;
  keyword: string | null;
  report_duration_weeks: number | null;
}

/**
 * An automation in a grower's words, for its test message: "when Thrips is observed", "the weekly report"
 * — never its trigger key or its id.
 */
export function automationInWords(n: AutomationShape): string {
  if (n.kind === 'task') return 'when a task of yours is assigned or changes status';
  if (n.kind === 'template') return `a reminder to fill in ${n.template_name ?? 'a form'}`;
  switch (n.trigger) {
    case 'problem_observed':
      return n.problem_type ? `when ${n.problem_type} is observed` : 'when a problem is observed';
    case 'form_submitted':
      return n.template_name ? `when ${n.template_name} is submitted` : `when a ${n.form_category ?? ''} form is submitted`.replace('a  form', 'a form');
    case 'field_keyword':
      return `when an answer contains "${n.keyword ?? ''}"`;
    case 'task_assigned':
      return 'when a task is assigned';
    case 'task_status_changed':
      return 'when a task changes status';
    case 'weekly_report':
      return (n.report_duration_weeks ?? 1) > 1 ? `the weekly report of the last ${n.report_duration_weeks} weeks` : 'the weekly report';
    default:
      return 'an automation of your company';
  }
}
