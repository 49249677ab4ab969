import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Card, ErrorState, LoadingState, Select, useToast } from '../../../components/ui';
import { errorMessage } from '../../../api/api-error';
import { timeZoneQuery } from '../../../api/queries/company-settings';
import { useSetTimeZone } from '../api/use-settings-mutations';

/** Every IANA zone the browser knows, UTC first; the saved zone is kept even if this browser lacks it. */
function zones(current: string | undefined): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const list = ['UTC', ...known.filter((z) => z !== 'UTC')];
  if (current && !list.includes(current)) list.push(current);
  return list;
}

/** The company's time zone: recurring tasks, template reminders and the weekly report run on its clock. */
export function TimeZoneCard({ companyId, readOnly }: { companyId: number; readOnly: boolean }) {
  const { t } = useTranslation('settings');
  const toast = useToast();
  const current = useQuery(timeZoneQuery(companyId));
  const save = useSetTimeZone(companyId);
  const device = Intl.DateTimeFormat().resolvedOptions().timeZone;

  return (
    <Card title={t('timeZone.title')} description={t('timeZone.description')}>
      {current.isPending ? (
        <LoadingState />
      ) : current.isError ? (
        <ErrorState error={current.error} onRetry={() => void current.refetch()} />
      ) : (
        <Select
          label={t('timeZone.label')}
          hint={device && device !== current.data ? t('timeZone.deviceHint', { zone: device }) : t('timeZone.hint')}
          value={current.data}
          disabled={readOnly || save.isPending}
          onChange={(e) =>
            save.mutate(e.target.value, {
              onSuccess: (res) => toast.success(res.message),
              onError: (err) => toast.danger(t('saveFailed', { reason: errorMessage(err) })),
            })
          }
          options={zones(current.data).map((z) => ({ value: z, label: z.replaceAll('_', ' ') }))}
        />
      )}
    </Card>
  );
}
