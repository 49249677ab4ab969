import { THRESHOLD_VALUE_MAX, THRESHOLD_WINDOW_HOURS_MAX, type ActionThreshold, type ThresholdMetric } from '@verdant/contract';
import type { SaveThresholdInput } from '../../../api/thresholds';
import { draftSchema } from '../../../components/draft-form';

/** What the threshold form holds: text as typed, checked when saving. */
export interface ThresholdDraft {
  problem: string;
  roomId: string;
  cropStatus: string;
  metric: ThresholdMetric;
  windowHours: string;
  amber: string;
  red: string;
  notificationId: string;
  createTask: boolean;
  assignTo: string;
}

export type DraftField = 'problem' | 'windowHours' | 'amber' | 'red' | 'assignTo' | 'roomId' | 'cropStatus' | 'notificationId' | 'createTask' | 'metric';
/** The local reasons a field is refused; each is a key under `errors.` in the locales. */
export type DraftErrors = Partial<Record<DraftField, 'problemRequired' | 'windowWhole' | 'numberPositive' | 'redBelowAmber' | 'assigneeRequired' | 'tooLong'>>;

/** The wire field a server refusal names → the form field it belongs to. */
export const WIRE_FIELD: Record<string, DraftField> = {
  problem: 'problem', room_id: 'roomId', crop_status: 'cropStatus', metric: 'metric', window_hours: 'windowHours',
  amber: 'amber', red: 'red', notification_id: 'notificationId', create_task: 'createTask', assign_to: 'assignTo',
};

export const emptyDraft = (): ThresholdDraft => ({
  problem: '', roomId: '', cropStatus: '', metric: 'count', windowHours: '24', amber: '', red: '', notificationId: '', createTask: false, assignTo: '',
});

export const draftOf = (t: ActionThreshold): ThresholdDraft => ({
  problem: t.problem,
  roomId: t.room_id === null ? '' : String(t.room_id),
  cropStatus: t.crop_status ?? '',
  metric: t.metric,
  windowHours: String(t.window_hours),
  amber: String(t.amber),
  red: String(t.red),
  notificationId: t.notification_id === null ? '' : String(t.notification_id),
  createTask: t.create_task,
  assignTo: t.assign_to === null ? '' : String(t.assign_to),
});

const num = (s: string) => (s.trim() === '' ? Number.NaN : Number(s.replace(',', '.')));

/** The contract's rules, said before the request: every field's first problem. */
export function validateDraft(d: ThresholdDraft): DraftErrors {
  const e: DraftErrors = {};
  if (d.problem.trim() === '') e.problem = 'problemRequired';
  else if (d.problem.trim().length > 200) e.problem = 'tooLong';
  if (d.cropStatus.trim().length > 100) e.cropStatus = 'tooLong';
  const hours = num(d.windowHours);
  if (!Number.isInteger(hours) || hours < 1 || hours > THRESHOLD_WINDOW_HOURS_MAX) e.windowHours = 'windowWhole';
  const amber = num(d.amber);
  const red = num(d.red);
  if (!Number.isFinite(amber) || amber <= 0 || amber > THRESHOLD_VALUE_MAX) e.amber = 'numberPositive';
  if (!Number.isFinite(red) || red <= 0 || red > THRESHOLD_VALUE_MAX) e.red = 'numberPositive';
  else if (!e.amber && red < amber) e.red = 'redBelowAmber';
  if (d.createTask && d.assignTo === '') e.assignTo = 'assigneeRequired';
  return e;
}

/** The request of a valid draft; `thresholdId` changes that threshold instead of making one. */
export function draftRequest(d: ThresholdDraft, companyId: number, thresholdId?: number): SaveThresholdInput {
  return {
    company_id: companyId,
    threshold_id: thresholdId,
    problem: d.problem.trim(),
    room_id: d.roomId === '' ? undefined : Number(d.roomId),
    crop_status: d.cropStatus.trim() === '' ? undefined : d.cropStatus.trim(),
    metric: d.metric,
    window_hours: num(d.windowHours),
    amber: num(d.amber),
    red: num(d.red),
    notification_id: d.notificationId === '' ? undefined : Number(d.notificationId),
    create_task: d.createTask ? 1 : 0,
    assign_to: d.createTask && d.assignTo !== '' ? Number(d.assignTo) : undefined,
  };
}

/** The form's schema: the rules above, each refusal a key of the thresholds texts; a valid draft becomes its request. */
export const thresholdSchema = (companyId: number, thresholdId?: number) =>
  draftSchema<ThresholdDraft, SaveThresholdInput>(
    (d) => Object.fromEntries(Object.entries(validateDraft(d)).map(([field, key]) => [field, `errors.${key}`])),
    (d) => draftRequest(d, companyId, thresholdId),
  );
