import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Badge, Button, ConfirmDialog, Dialog, Input, useToast } from '../../../components/ui';
import { errorMessage } from '../../../api/api-error';
import { useCreateCustomStatus, useDeleteCustomStatus } from '../api/use-batches';

interface Props {
  open: boolean;
  companyId: number;
  custom: readonly string[];
  builtIn: readonly string[];
  canDelete: boolean;
  onClose: () => void;
}

export function CustomStatusesDialog({ open, companyId, custom, builtIn, canDelete, onClose }: Props) {
  const { t } = useTranslation('batches');
  const toast = useToast();
  const create = useCreateCustomStatus(companyId);
  const remove = useDeleteCustomStatus(companyId);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!name.trim()) {
      setError(t('statuses.nameRequired'));
      return;
    }
    create.mutate(name, {
      onSuccess: (s) => {
        toast.success(t('statuses.created', { name: s.status_name }));
        setName('');
      },
      onError: (err) => setError(errorMessage(err)),
    });
  };

  return (
    <>
      <Dialog open={open && !toDelete} onClose={onClose} title={t('statuses.title')} description={t('statuses.description')}>
        <div className="flex flex-col gap-4">
          <div>
            <h3 className="mb-2 text-sm font-semibold text-stone-800">{t('statuses.builtIn')}</h3>
            <div className="flex flex-wrap gap-1.5">
              {builtIn.map((s) => (
                <Badge key={s}>{t(`status.${s}`, { defaultValue: s })}</Badge>
              ))}
            </div>
          </div>
          <div>
            <h3 className="mb-2 text-sm font-semibold text-stone-800">{t('statuses.custom')}</h3>
            {custom.length === 0 ? (
              <p className="text-sm text-stone-600">{t('statuses.empty')}</p>
            ) : (
              <ul className="divide-y divide-stone-200 rounded-lg border border-stone-200">
                {custom.map((s) => (
                  <li key={s} className="flex items-center justify-between gap-2 px-3 py-1">
                    <span className="text-sm">{s}</span>
                    {canDelete && (
                      <Button variant="ghost" className="text-red-800" onClick={() => setToDelete(s)} aria-label={t('statuses.deleteLabel', { name: s })}>
                        {t('common.delete')}
                      </Button>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </div>
          <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-end" noValidate>
            <Input label={t('statuses.newName')} value={name} onChange={(e) => setName(e.target.value)} maxLength={50} className="sm:min-w-60" />
            <Button type="submit" loading={create.isPending}>
              {t('statuses.add')}
            </Button>
          </form>
          {error && <Alert tone="danger">{error}</Alert>}
        </div>
      </Dialog>
      <ConfirmDialog
        open={Boolean(toDelete)}
        destructive
        title={t('statuses.deleteTitle', { name: toDelete ?? '' })}
        description={t('statuses.deleteDescription')}
        confirmLabel={t('common.delete')}
        loading={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() =>
          toDelete &&
          remove.mutate(toDelete, {
            onSuccess: () => toast.success(t('statuses.deleted', { name: toDelete })),
            onError: (err) => setError(errorMessage(err)),
            onSettled: () => setToDelete(null),
          })
        }
      />
    </>
  );
}
