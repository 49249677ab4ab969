import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Input, useToast } from '../../../components/ui';
import { errorMessage } from '../../../api/api-error';
import { useOnlineStatus } from '../../../lib/use-online-status';
import { userDataQuery } from '../../../api/queries/users';
import { useSetSprayLicence } from '../api/use-set-spray-licence';

const MAX = 100;

/** The plant-protection licence number copied onto each application the user records; blank and saved clears it. */
export function SprayLicenceForm({ userId, companyId }: { userId: number; companyId: number }) {
  const { t } = useTranslation('profile');
  const toast = useToast();
  const online = useOnlineStatus();
  const save = useSetSprayLicence(userId, companyId);
  // undefined while the user's data loads (or when it cannot be read offline): nothing is claimed then.
  const user = useQuery(userDataQuery(userId, companyId)).data;
  const kept = user ? (user.spray_licence_number ?? null) : undefined;
  const [value, setValue] = useState('');
  const [tried, setTried] = useState(false);
  const trimmed = value.trim();
  const error = trimmed.length > MAX ? t('licence.tooLong', { max: MAX }) : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (error) return;
    save.mutate(trimmed === '' ? null : trimmed, {
      onSuccess: (saved: string | null) => {
        toast.success(saved ? t('licence.saved', { number: saved }) : t('licence.cleared'));
        setValue('');
        setTried(false);
      },
      onError: (err) => toast.danger(errorMessage(err)),
    });
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {kept !== undefined && (
        <Alert tone={kept ? 'success' : 'info'}>{kept ? t('licence.onRecord', { number: kept }) : t('licence.noneOnRecord')}</Alert>
      )}
      <Input
        label={t('licence.label')}
        hint={t('licence.hint')}
        name="spray_licence_number"
        autoComplete="off"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        error={tried ? error : undefined}
      />
      <Button type="submit" loading={save.isPending} disabled={!online}>
        {trimmed === '' ? t('licence.clear') : t('licence.save')}
      </Button>
    </form>
  );
}
