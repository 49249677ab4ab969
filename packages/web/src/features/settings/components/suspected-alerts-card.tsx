import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SUSPECTED_ALERT_MODES, type SuspectedAlertMode } from '@verdant/contract';
import { Button, Card, ErrorState, Input, LoadingState, Select, useToast } from '../../../components/ui';
import { errorMessage } from '../../../api/api-error';
import { suspectedAlertsQuery } from '../../../api/queries/company-settings';
import { useSetSuspectedAlerts } from '../api/use-settings-mutations';
import { confidenceToPercent, percentToConfidence } from '../lib/suspected-alerts';

const isMode = (v: string): v is SuspectedAlertMode => (SUSPECTED_ALERT_MODES as readonly string[]).includes(v);

/**
 * When a problem a scan or camera suspects (nobody has confirmed it yet) alerts: never, at once above a
 * confidence, or once a person confirmed it (docs/decisions.md, "Suspected problems and one observation writer").
 */
export function SuspectedAlertsCard({ companyId, readOnly }: { companyId: number; readOnly: boolean }) {
  const { t } = useTranslation('settings');
  const toast = useToast();
  const current = useQuery(suspectedAlertsQuery(companyId));
  const save = useSetSuspectedAlerts(companyId);
  const [percent, setPercent] = useState('');
  const saved = current.data;
  useEffect(() => {
    if (saved) setPercent(confidenceToPercent(saved.min_confidence));
  }, [saved]);
  const confidence = percentToConfidence(percent);
  const done = {
    onSuccess: (res: { message: string }) => toast.success(res.message),
    onError: (err: unknown) => toast.danger(t('saveFailed', { reason: errorMessage(err) })),
  };

  return (
    <Card title={t('suspected.title')} description={t('suspected.description')}>
      {current.isPending ? (
        <LoadingState />
      ) : current.isError ? (
        <ErrorState error={current.error} onRetry={() => void current.refetch()} />
      ) : (
        <div className="grid gap-4">
          <Select
            label={t('suspected.mode')}
            hint={t(`suspected.modeHint.${current.data.mode}`)}
            value={current.data.mode}
            disabled={readOnly || save.isPending}
            onChange={(e) => isMode(e.target.value) && save.mutate({ mode: e.target.value }, done)}
            options={SUSPECTED_ALERT_MODES.map((m) => ({ value: m, label: t(`suspected.modes.${m}`) }))}
          />
          {current.data.mode === 'above' && (
            <form
              className="flex flex-wrap items-end gap-2"
              onSubmit={(e) => {
                e.preventDefault();
                if (confidence !== null) save.mutate({ mode: 'above', min_confidence: confidence }, done);
              }}
            >
              <Input
                label={t('suspected.confidence')}
                hint={t('suspected.confidenceHint')}
                error={confidence === null ? t('suspected.confidenceInvalid') : undefined}
                inputMode="decimal"
                value={percent}
                disabled={readOnly || save.isPending}
                onChange={(e) => setPercent(e.target.value)}
                className="w-28"
              />
              <Button type="submit" variant="secondary" loading={save.isPending} disabled={readOnly || confidence === null || confidence === current.data.min_confidence}>
                {t('suspected.save')}
              </Button>
            </form>
          )}
        </div>
      )}
    </Card>
  );
}
