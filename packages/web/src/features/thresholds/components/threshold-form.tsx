import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { thresholdsMessages, type ActionThreshold } from '@verdant/contract';
import { Button, Card, Input, Select, Switch, useToast } from '../../../components/ui';
import { DraftFormAlerts, useDraftForm } from '../../../components/draft-form';
import { roomListQuery } from '../../../api/queries/rooms';
import { usersListQuery } from '../../../api/queries/users';
import { notificationsQuery } from '../../../api/queries/automations';
import { translateServerMessage } from '../../../lib/server-message';
import { useSaveThreshold } from '../api/use-threshold-writes';
import { draftOf, emptyDraft, thresholdSchema, WIRE_FIELD, type DraftField, type ThresholdDraft } from '../lib/threshold-draft';

interface Props {
  companyId: number;
  userId: number;
  /** The threshold being changed; none makes a new one. */
  editing?: ActionThreshold;
  onDone: () => void;
}

/** Sets up or changes an action threshold, the contract's rules said beside each field as you save. */
export function ThresholdForm({ companyId, userId, editing, onDone }: Props) {
  const { t } = useTranslation('thresholds');
  const toast = useToast();
  const rooms = useQuery(roomListQuery(companyId));
  const users = useQuery(usersListQuery(companyId));
  const automations = useQuery(notificationsQuery(companyId, userId));
  const save = useSaveThreshold(companyId);
  const [schema] = useState(() => thresholdSchema(companyId, editing?.threshold_id));
  const [defaultValues] = useState(() => (editing ? draftOf(editing) : emptyDraft()));
  const { form, draft, change, errorOf: errorIn, hasRuleErrors, serverError, showServerError } = useDraftForm({ schema, defaultValues, wireField: WIRE_FIELD });
  const server = (message: string) => translateServerMessage(message, thresholdsMessages, t, 'thresholds:server');

  const people = useMemo(
    () => (users.data ?? []).filter((u) => u.active).map((u) => ({ value: String(u.user_id), label: `${u.first_name} ${u.last_name}`.trim() || u.email })),
    [users.data],
  );
  const roomOptions = useMemo(() => (rooms.data ?? []).map((r) => ({ value: String(r.RoomID), label: r.Name })), [rooms.data]);
  const automationOptions = useMemo(
    () =>
      (automations.data ?? [])
        .filter((n) => n.kind === 'automation')
        .map((n) => ({
          value: String(n.notification_id),
          label: t('form.automationOption', {
            what: n.trigger === 'problem_observed' && n.problem_type ? t('triggers.problemOne', { problem: n.problem_type }) : t(`triggers.${n.trigger ?? 'other'}`, { defaultValue: t('triggers.other') }),
            channels: n.methods.map((m) => t(`channels.${m}`)).join(', '),
          }),
        })),
    [automations.data, t],
  );

  const errorOf = (field: DraftField) => errorIn(field, (key) => t(key));

  const submit = form.handleSubmit((request) => {
    save.mutate(request, {
      onSuccess: (res) => {
        toast.success(server(res.message));
        onDone();
      },
      onError: (err) => showServerError(err, server(err.message)),
    });
  });

  const unit = draft.metric === 'count' ? t('form.unitCount') : t('form.unitSeverity');

  return (
    <Card title={editing ? t('form.editTitle', { problem: editing.problem }) : t('form.title')} description={t('form.description')}>
      <form onSubmit={submit} noValidate className="space-y-5" aria-label={editing ? t('form.editTitle', { problem: editing.problem }) : t('form.title')}>
        <DraftFormAlerts hasRuleErrors={hasRuleErrors} fixErrors={t('form.fixErrors')} serverError={serverError} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Input
            label={t('form.problem')}
            hint={t('form.problemHint')}
            required
            value={draft.problem}
            maxLength={200}
            onChange={(e) => change({ problem: e.target.value })}
            error={errorOf('problem')}
          />
          <Select
            label={t('form.metric')}
            value={draft.metric}
            onChange={(e) => change({ metric: e.target.value as ThresholdDraft['metric'] })}
            options={[
              { value: 'count', label: t('metric.count') },
              { value: 'severity', label: t('metric.severity') },
            ]}
            error={errorOf('metric')}
          />
          <Input
            label={t('form.windowHours')}
            hint={t('form.windowHint')}
            required
            inputMode="numeric"
            value={draft.windowHours}
            onChange={(e) => change({ windowHours: e.target.value })}
            error={errorOf('windowHours')}
          />
          <div className="grid grid-cols-2 gap-3">
            <Input
              label={t('form.amber')}
              hint={unit}
              required
              inputMode="decimal"
              value={draft.amber}
              onChange={(e) => change({ amber: e.target.value })}
              error={errorOf('amber')}
            />
            <Input
              label={t('form.red')}
              hint={unit}
              required
              inputMode="decimal"
              value={draft.red}
              onChange={(e) => change({ red: e.target.value })}
              error={errorOf('red')}
            />
          </div>
          <Select
            label={t('form.room')}
            value={draft.roomId}
            onChange={(e) => change({ roomId: e.target.value })}
            options={[{ value: '', label: t('form.anyRoom') }, ...roomOptions]}
            error={errorOf('roomId')}
          />
          <Input
            label={t('form.cropStatus')}
            hint={t('form.cropStatusHint')}
            value={draft.cropStatus}
            maxLength={100}
            onChange={(e) => change({ cropStatus: e.target.value })}
            error={errorOf('cropStatus')}
          />
          <Select
            label={t('form.automation')}
            hint={t('form.automationHint')}
            value={draft.notificationId}
            onChange={(e) => change({ notificationId: e.target.value })}
            options={[{ value: '', label: t('form.noAutomation') }, ...automationOptions]}
            error={errorOf('notificationId')}
          />
        </div>
        <div className="space-y-3 rounded-lg bg-stone-50 p-3 ring-1 ring-stone-200">
          <Switch checked={draft.createTask} onChange={(on) => change({ createTask: on })} label={t('form.createTask')} description={t('form.createTaskHint')} />
          {errorOf('createTask') && <p className="text-sm font-medium text-red-700">{errorOf('createTask')}</p>}
          {draft.createTask && (
            <Select
              label={t('form.assignTo')}
              required
              value={draft.assignTo}
              onChange={(e) => change({ assignTo: e.target.value })}
              placeholder={t('form.choosePerson')}
              options={people}
              error={errorOf('assignTo')}
            />
          )}
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onDone} disabled={save.isPending}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('form.save')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
