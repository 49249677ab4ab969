import { useMemo, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SEVERITY_LEVELS } from '@verdant/contract';
import { Alert, Badge, Button, Card, ErrorState, Input, LoadingState, Select, Switch, Textarea, useToast } from '../../../components/ui';
import { errorMessage } from '../../../api/api-error';
import { batchProblemsQuery } from '../../../api/queries/batches';
import { useCreateBatchProblem, useResolveBatchProblem } from '../api/use-batch-info';
import { useFormatDate } from '../../../lib/format-date';

export function BatchProblemsCard({ companyId, batchId, userId }: { companyId: number; batchId: number; userId: number }) {
  const { t } = useTranslation('batches');
  const toast = useToast();
  const when = useFormatDate();
  const [includeResolved, setIncludeResolved] = useState(false);
  const problems = useQuery(batchProblemsQuery(companyId, batchId, includeResolved));
  const create = useCreateBatchProblem(companyId, batchId);
  const resolve = useResolveBatchProblem(companyId, batchId, userId);
  const [type, setType] = useState('');
  const [severity, setSeverity] = useState('3');
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);
  const openTypes = useMemo(() => [...new Set((problems.data ?? []).filter((p) => p.Status === 'open').map((p) => p.Problem))], [problems.data]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    create.mutate(
      { batchId, problemType: type, severity: severity.trim() === '' ? null : Number(severity), companyId, userId, notes },
      {
        onSuccess: () => {
          toast.success(t('problems.created', { type: type.trim() }));
          setType('');
          setNotes('');
        },
        onError: (err) => setError(errorMessage(err)),
      },
    );
  };

  return (
    <Card title={t('problems.title')} description={t('problems.description')}>
      <Switch label={t('problems.includeResolved')} checked={includeResolved} onChange={setIncludeResolved} />
      {problems.isPending ? (
        <LoadingState />
      ) : problems.isError ? (
        <ErrorState error={problems.error} onRetry={() => void problems.refetch()} />
      ) : problems.data.length === 0 ? (
        <p className="mt-2 text-sm text-stone-600">{includeResolved ? t('problems.emptyAll') : t('problems.empty')}</p>
      ) : (
        <ul className="mt-2 max-h-72 divide-y divide-stone-100 overflow-y-auto">
          {problems.data.map((p) => (
            <li key={p.ProblemID} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <div className="min-w-0">
                <p className="font-medium text-stone-900">
                  {p.Problem} {p.Severity != null && <span className="text-stone-600">· {t('problems.severityN', { n: p.Severity })}</span>}
                </p>
                <p className="text-xs text-stone-600">
                  {[when(p.ObservedAt), p.RoomName, p.ObservedByName].filter(Boolean).join(' · ')}
                </p>
                {p.Notes && <p className="text-xs text-stone-700">{p.Notes}</p>}
              </div>
              {p.Status === 'open' ? <Badge tone="warning">{t('problems.open')}</Badge> : <Badge tone="success">{t('problems.resolved')}</Badge>}
            </li>
          ))}
        </ul>
      )}
      {openTypes.length > 0 && (
        <div className="mt-3 flex flex-wrap gap-2">
          {openTypes.map((type) => (
            <Button
              key={type}
              variant="secondary"
              loading={resolve.isPending && resolve.variables === type}
              onClick={() =>
                resolve.mutate(type, {
                  onSuccess: (res) => toast.success(t('problems.resolvedN', { count: res.affected, type })),
                  onError: (err) => setError(errorMessage(err)),
                })
              }
            >
              {t('problems.resolve', { type })}
            </Button>
          ))}
        </div>
      )}
      <form onSubmit={submit} className="mt-4 grid gap-3 border-t border-stone-200 pt-4 sm:grid-cols-[1fr_11rem]" noValidate>
        <Input label={t('problems.type')} value={type} onChange={(e) => setType(e.target.value)} placeholder={t('problems.typePlaceholder')} required />
        <Select
          label={t('problems.severity')}
          value={severity}
          onChange={(e) => setSeverity(e.target.value)}
          options={SEVERITY_LEVELS.map((n) => ({ value: String(n), label: t(`problems.severityLevel.${n}`) }))}
          required
        />
        <div className="sm:col-span-2">
          <Textarea label={t('problems.notes')} value={notes} onChange={(e) => setNotes(e.target.value)} rows={2} />
        </div>
        <Button type="submit" className="justify-self-start" loading={create.isPending}>
          {t('problems.add')}
        </Button>
        {error && (
          <Alert tone="danger" className="sm:col-span-2">
            {error}
          </Alert>
        )}
      </form>
    </Card>
  );
}
