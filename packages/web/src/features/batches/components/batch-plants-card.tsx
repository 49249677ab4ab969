import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Card, ErrorState, LoadingState, Textarea, useToast } from '../../../components/ui';
import { errorMessage } from '../../../api/api-error';
import { batchPlantsQuery } from '../../../api/queries/batches';
import { useLinkPlants } from '../api/use-batch-info';

export function BatchPlantsCard({ companyId, batchId, userId, readOnly }: { companyId: number; batchId: number; userId: number; readOnly: boolean }) {
  const { t } = useTranslation('batches');
  const toast = useToast();
  const plants = useQuery(batchPlantsQuery(companyId, batchId));
  const link = useLinkPlants(companyId, batchId, userId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const uids = text.split(/[\s,;]+/).map((s) => s.trim()).filter(Boolean);
    setError(null);
    if (!uids.length) {
      setError(t('plants.uidsRequired'));
      return;
    }
    link.mutate(uids, {
      onSuccess: (res) => {
        toast.success(t('plants.linked', { count: res.linked_count, already: res.already_linked_count }));
        setText('');
      },
      onError: (err) => setError(errorMessage(err)),
    });
  };

  return (
    <Card title={t('plants.title')} description={plants.data ? t('plants.count', { count: plants.data.total_count }) : undefined}>
      {plants.isPending ? (
        <LoadingState />
      ) : plants.isError ? (
        <ErrorState error={plants.error} onRetry={() => void plants.refetch()} />
      ) : plants.data.plants.length === 0 ? (
        <p className="text-sm text-stone-600">{t('plants.empty')}</p>
      ) : (
        <ul className="max-h-64 divide-y divide-stone-100 overflow-y-auto text-sm">
          {plants.data.plants.map((p) => (
            <li key={p.plant_id} className="flex flex-wrap justify-between gap-2 py-1.5">
              <span className="font-mono font-medium">{p.plant_uid}</span>
              <span className="text-stone-600">
                {[p.RoomName, p.GridName, p.BoxName, p.SubGridboxName].filter(Boolean).join(' › ') || t('plants.noPlace')}
              </span>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} className="mt-4 flex flex-col gap-2 border-t border-stone-200 pt-4" noValidate>
        <Textarea label={t('plants.uids')} hint={t('plants.uidsHint')} value={text} onChange={(e) => setText(e.target.value)} rows={2} disabled={readOnly} />
        <Button type="submit" className="self-start" loading={link.isPending} disabled={readOnly}>
          {t('plants.link')}
        </Button>
        {error && <Alert tone="danger">{error}</Alert>}
      </form>
    </Card>
  );
}
