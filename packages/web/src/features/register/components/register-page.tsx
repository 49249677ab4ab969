import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { addDays, deviceToday, REGISTER_EXPORTS, type RegisterExportFormat } from '@verdant/contract';
import { exportRegister, type RegisterExportProgress } from '../../../api/register';
import { errorMessage } from '../../../api/api-error';
import { roomListQuery } from '../../../api/queries/rooms';
import { Alert, Button, Card, Input, PageHeader, Select } from '../../../components/ui';
import { useAuth } from '../../../state/hooks';
import { ApplicationsList } from './applications-list';
import { saveBlob } from '@/lib/save-blob';

const kb = (bytes: number) => (bytes / 1024).toFixed(0);
const EXTENSION: Record<RegisterExportFormat, string> = { eu_csv: 'csv', eu_json: 'json', globalgap_csv: 'csv', spray_diary_html: 'html', applications_csv: 'csv' };

/**
 * The plant-protection register's exports (Admins): the EU 2023/564 record, the GLOBALG.A.P. record, the
 * printable spray diary and the applications list, for a period and optionally one room. The file streams from
 * the server; what has arrived so far is shown while it does.
 */
export default function RegisterPage() {
  const { t } = useTranslation('register');
  const { companyID } = useAuth();
  const company = Number(companyID ?? 0);
  const rooms = useQuery({ ...roomListQuery(company), enabled: company > 0 });
  const today = deviceToday();
  const [format, setFormat] = useState<RegisterExportFormat>('eu_csv');
  const [from, setFrom] = useState(addDays(today, -364));
  const [to, setTo] = useState(today);
  const [room, setRoom] = useState('');
  const [progress, setProgress] = useState<RegisterExportProgress | null>(null);
  const wrongWay = from !== '' && to !== '' && from > to;
  const run = useMutation({
    mutationFn: () => exportRegister(company, { format, from, to, roomId: room ? Number(room) : undefined }, setProgress),
    onSuccess: (blob) => saveBlob(blob, `verdant-register-${format.replace(/_/g, '-')}-${from}-${to}.${EXTENSION[format]}`),
    onSettled: () => setProgress(null),
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!from || !to || wrongWay) return;
    run.mutate();
  };
  return (
    <div className="mx-auto max-w-5xl space-y-4 p-4">
      <PageHeader title={t('title')} description={t('description')} />
      <Card className="p-4">
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <Select
            label={t('format')}
            value={format}
            onChange={(e) => setFormat(e.target.value as RegisterExportFormat)}
            options={REGISTER_EXPORTS.map((f) => ({ value: f, label: t(`formats.${f}`) }))}
          />
          <p className="text-sm text-stone-700" data-testid="format-help">{t(`help.${format}`)}</p>
          <div className="grid gap-4 sm:grid-cols-3">
            <Input label={t('from')} type="date" value={from} max={to || undefined} onChange={(e) => setFrom(e.target.value)} required error={from ? undefined : t('dateRequired')} />
            <Input label={t('to')} type="date" value={to} min={from || undefined} onChange={(e) => setTo(e.target.value)} required error={!to ? t('dateRequired') : wrongWay ? t('dateOrder') : undefined} />
            <Select
              label={t('room')}
              value={room}
              onChange={(e) => setRoom(e.target.value)}
              options={[{ value: '', label: t('allRooms') }, ...(rooms.data ?? []).map((r) => ({ value: String(r.RoomID), label: r.Name }))]}
            />
          </div>
          <div>
            <Button type="submit" loading={run.isPending} disabled={!from || !to || wrongWay}>
              {run.isPending ? t('running') : t('start')}
            </Button>
          </div>
          {run.isPending && (
            <div role="status" aria-live="polite" className="space-y-1" data-testid="register-progress">
              {progress?.percent != null ? (
                <>
                  <progress className="w-full" aria-label={t('progressLabel')} max={100} value={progress.percent} />
                  <p className="text-sm text-stone-700" data-testid="register-percent">
                    {t('progressPercent', { percent: progress.percent, rows: progress.rows, received: kb(progress.received) })}
                  </p>
                </>
              ) : (
                <>
                  <progress className="w-full" aria-label={t('progressLabel')} />
                  <p className="text-sm text-stone-700">{t('progress', { received: kb(progress?.received ?? 0) })}</p>
                </>
              )}
            </div>
          )}
          {run.isSuccess && <Alert tone="success">{t('done', { size: kb(run.data.size) })}</Alert>}
          {run.isError && (
            <Alert tone="danger" title={t('failed')} action={<Button size="sm" variant="secondary" onClick={() => run.mutate()}>{t('retry')}</Button>}>
              {errorMessage(run.error)}
            </Alert>
          )}
        </form>
      </Card>
      <ApplicationsList key={`${from}|${to}|${room}`} companyId={company} from={from} to={to} roomId={room ? Number(room) : undefined} />
    </div>
  );
}
