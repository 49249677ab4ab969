import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NAME_MAX } from '@verdant/contract';
import { Button, Dialog, Input, Textarea, useToast } from '../../../../components/ui';
import { errorMessage } from '../../../../api/api-error';
import { useCreateRoom } from '../../api/use-rooms';

export function CreateRoomDialog({ open, onClose, companyId }: { open: boolean; onClose: () => void; companyId: number }) {
  const { t } = useTranslation('rooms');
  const toast = useToast();
  const create = useCreateRoom(companyId);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setName('');
    setDescription('');
    setError(null);
    onClose();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) {
      setError(t('create.nameRequired'));
      return;
    }
    create.mutate(
      { name: name.trim(), description: description.trim() },
      {
        onSuccess: (res) => {
          if (res.queued) toast.info(t('create.queued', { name: name.trim() }));
          else toast.success(t('create.created', { name: name.trim() }));
          close();
        },
        onError: (err) => toast.danger(t('create.failed', { reason: errorMessage(err) })),
      },
    );
  };

  return (
    <Dialog open={open} onClose={close} title={t('create.title')} description={t('create.description')}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <Input
          label={t('create.name')}
          value={name}
          maxLength={NAME_MAX}
          required
          autoFocus
          error={error ?? undefined}
          onChange={(e) => {
            setName(e.target.value);
            setError(null);
          }}
        />
        <Textarea
          label={t('create.descriptionLabel')}
          hint={t('create.descriptionHint')}
          value={description}
          rows={3}
          onChange={(e) => setDescription(e.target.value)}
        />
        <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close}>
            {t('app:ui.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('create.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
