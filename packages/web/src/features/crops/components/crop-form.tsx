import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Crop } from '@verdant/contract';
import { Button, Input, useToast } from '../../../components/ui';
import { errorMessage } from '../../../api/api-error';
import { useSaveCrop } from '../api/use-crops';

const EPPO = /^[A-Z0-9]{5,6}$/;

/** Adds a crop or renames one / changes its EPPO code. */
export function CropForm({ companyId, crop, onDone }: { companyId: number; crop: Crop | null; onDone: () => void }) {
  const { t } = useTranslation('crops');
  const toast = useToast();
  const save = useSaveCrop(companyId);
  const [name, setName] = useState(crop?.name ?? '');
  const [code, setCode] = useState(crop?.eppo_code ?? '');
  const [tried, setTried] = useState(false);
  const nameError = name.trim() === '' ? t('form.nameRequired') : null;
  const codeError = EPPO.test(code.trim().toUpperCase()) ? null : t('form.eppoInvalid');

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (nameError || codeError) return;
    save.mutate(
      { ...(crop ? { crop_id: crop.crop_id } : {}), name: name.trim(), eppo_code: code.trim().toUpperCase() },
      {
        onSuccess: (saved) => {
          toast.success(t('form.saved', { name: saved.name }));
          onDone();
        },
        onError: (err) => toast.danger(errorMessage(err)),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <Input label={t('form.name')} value={name} onChange={(e) => setName(e.target.value)} required maxLength={100} error={tried ? nameError : undefined} />
      <Input
        label={t('form.eppo')} hint={t('form.eppoHint')} className="uppercase" value={code} onChange={(e) => setCode(e.target.value)}
        required maxLength={6} error={tried ? codeError : undefined}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onDone} disabled={save.isPending}>{t('app:ui.cancel')}</Button>
        <Button type="submit" loading={save.isPending}>{crop ? t('form.save') : t('form.add')}</Button>
      </div>
    </form>
  );
}
