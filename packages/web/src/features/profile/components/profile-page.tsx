import { useEffect, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Card, ErrorState, Input, LoadingState, PageHeader, Select, useToast } from '../../../components/ui';
import { LANGUAGES } from '@verdant/contract';
import { thresholdQuery, userDataQuery, userLanguageQuery } from '../../../api/queries/users';
import { errorMessage } from '../../../api/api-error';
import { LANGUAGE_NAMES } from '../../../components/language-select';
import { isLanguage } from '../../../lib/i18n';
import { useAuth } from '../../../state/hooks';
import { useSetOwnLanguage, useUpdateLocation, useUpdateThreshold } from '../api/use-profile-mutations';
import { SignOutEverywhere } from './sign-out-everywhere';
import { ApiTokensCard } from './api-tokens-card';
import { CalendarFeedCard } from './calendar-feed-card';
import { SprayLicenceForm } from './spray-licence-form';

function LocationForm({ userId, companyId, current }: { userId: number; companyId: number; current: string | null }) {
  const { t } = useTranslation('profile');
  const toast = useToast();
  const save = useUpdateLocation(userId, companyId);
  const [location, setLocation] = useState(current ?? '');
  useEffect(() => setLocation(current ?? ''), [current]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(location.trim(), { onSuccess: () => toast.success(t('location.saved')) });
  };
  return (
    <form onSubmit={submit} className="space-y-4">
      {save.isError && <Alert tone="danger">{save.error.message}</Alert>}
      <Input
        label={t('location.label')}
        hint={t('location.hint')}
        name="location"
        autoComplete="address-level2"
        required
        maxLength={200}
        value={location}
        onChange={(e) => setLocation(e.target.value)}
      />
      <Button type="submit" loading={save.isPending} disabled={!location.trim() || location.trim() === (current ?? '')}>
        {t('location.save')}
      </Button>
    </form>
  );
}

function ThresholdForm({ userId }: { userId: number }) {
  const { t } = useTranslation('profile');
  const toast = useToast();
  const threshold = useQuery(thresholdQuery(userId));
  const save = useUpdateThreshold(userId);
  const [value, setValue] = useState('');
  useEffect(() => {
    if (threshold.data !== undefined) setValue(threshold.data === null ? '' : String(threshold.data));
  }, [threshold.data]);

  if (threshold.isPending) return <LoadingState />;
  if (threshold.isError) return <ErrorState error={threshold.error} onRetry={() => void threshold.refetch()} />;

  const parsed = value.trim() === '' ? null : Number(value);
  const invalid = parsed !== null && !Number.isFinite(parsed);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (parsed === null || invalid) return;
    save.mutate(parsed, {
      onSuccess: (saved) => (saved ? toast.success(t('threshold.saved')) : toast.danger(t('threshold.failed'))),
    });
  };
  return (
    <form onSubmit={submit} className="space-y-4">
      <Input
        label={t('threshold.label')}
        hint={t('threshold.hint')}
        type="number"
        inputMode="decimal"
        step="any"
        name="threshold"
        error={invalid ? t('threshold.invalid') : undefined}
        value={value}
        onChange={(e) => setValue(e.target.value)}
      />
      <Button type="submit" loading={save.isPending} disabled={parsed === null || invalid || parsed === threshold.data}>
        {t('threshold.save')}
      </Button>
    </form>
  );
}

/** The user's own language, or the company's default (named, so the choice is clear). */
export function LanguageForm({ userId, companyId }: { userId: number; companyId: number }) {
  const { t, i18n } = useTranslation('profile');
  const toast = useToast();
  const language = useQuery(userLanguageQuery(userId, companyId));
  const save = useSetOwnLanguage(userId, companyId);
  if (language.isPending) return <LoadingState />;
  if (language.isError) return <ErrorState error={language.error} onRetry={() => void language.refetch()} />;
  const { language: own, company_language: company } = language.data;
  return (
    <Select
      label={t('language.label')}
      hint={t('language.hint')}
      value={own ?? ''}
      disabled={save.isPending}
      onChange={(e) => {
        const next = isLanguage(e.target.value) ? e.target.value : null;
        save.mutate(next, {
          // Said in the language just chosen: its texts are loaded first (the page switches to it at the same time).
          onSuccess: (answer) => {
            const lng = answer.effective_language;
            void i18n.reloadResources([lng], ['profile']).then(() => toast.success(i18n.getFixedT(lng, 'profile')('language.saved', { language: LANGUAGE_NAMES[lng] })));
          },
          onError: (err) => toast.danger(t('language.failed', { reason: errorMessage(err) })),
        });
      }}
      options={[
        { value: '', label: t('language.companyDefault', { language: LANGUAGE_NAMES[company] }) },
        ...LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] })),
      ]}
    />
  );
}

export default function ProfilePage() {
  const { t } = useTranslation('profile');
  const { userId, companyID, userRole } = useAuth();
  const user = useQuery({ ...userDataQuery(userId ?? 0, companyID ?? 0), enabled: Boolean(userId && companyID) });

  if (!userId || !companyID) return null;
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title={t('details.title')}>
          {user.isPending ? (
            <LoadingState />
          ) : user.isError ? (
            <ErrorState error={user.error} onRetry={() => void user.refetch()} />
          ) : !user.data ? (
            <Alert tone="warning">{t('details.missing')}</Alert>
          ) : (
            <dl className="grid gap-4 sm:grid-cols-2">
              <div>
                <dt className="text-sm text-stone-600">{t('details.name')}</dt>
                <dd className="mt-0.5 text-sm font-medium">
                  {user.data.first_name} {user.data.last_name}
                </dd>
              </div>
              <div>
                <dt className="text-sm text-stone-600">{t('details.email')}</dt>
                <dd className="mt-0.5 break-all text-sm font-medium">{user.data.email}</dd>
              </div>
              <div>
                <dt className="text-sm text-stone-600">{t('details.role')}</dt>
                <dd className="mt-0.5 text-sm font-medium">{userRole ? t(`app:roles.${userRole}`) : '—'}</dd>
              </div>
            </dl>
          )}
        </Card>
        <Card title={t('location.title')} description={t('location.description')}>
          {user.isPending ? <LoadingState /> : <LocationForm userId={userId} companyId={companyID} current={user.data?.location ?? null} />}
        </Card>
        <Card title={t('language.title')} description={t('language.description')}>
          <LanguageForm userId={userId} companyId={companyID} />
        </Card>
        <Card title={t('threshold.title')} description={t('threshold.description')}>
          <ThresholdForm userId={userId} />
        </Card>
        <Card title={t('licence.title')} description={t('licence.description')}>
          <SprayLicenceForm userId={userId} companyId={companyID} />
        </Card>
        <SignOutEverywhere />
        {/* Consultants read chosen rooms through the app only (docs/decisions.md, "Personal API tokens", "Calendar feed"). */}
        {userRole !== 'Consultant' && <CalendarFeedCard companyId={companyID} />}
        {userRole !== 'Consultant' && <ApiTokensCard companyId={companyID} />}
      </div>
    </>
  );
}
