import { useEffect, useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type DashboardTile, type Language } from '@verdant/contract';
import { Alert, Button, Card, ErrorState, Input, LoadingState, PageHeader, Select, Switch, useToast } from '../../../components/ui';
import { Icon } from '../../../components/icons';
import { LANGUAGE_NAMES } from '../../../components/language-select';
import {
  aiModelsQuery,
  autoRefreshQuery,
  gridOpacityQuery,
  gridOrderQuery,
  languageQuery,
  offlineModeQuery,
  stickyTrapQuery,
} from '../../../api/queries/company-settings';
import { useAiModel } from '../../../api/queries/use-ai-model';
import { errorMessage } from '../../../api/api-error';
import { isLanguage } from '../../../lib/i18n';
import { useAuth } from '../../../state/hooks';
import {
  useSetAiModel,
  useSetAutoRefresh,
  useSetGridOpacity,
  useSetGridOrder,
  useSetLanguage,
  useSetOfflineMode,
  useSetStickyTrap,
} from '../api/use-settings-mutations';
import { ScoutingFrequencyCard } from './scouting-frequency-card';
import { TimeZoneCard } from './time-zone-card';
import { SuspectedAlertsCard } from './suspected-alerts-card';

interface SectionProps {
  companyId: number;
  readOnly: boolean;
}

function useSaved() {
  const { t } = useTranslation('settings');
  const toast = useToast();
  return {
    onSuccess: () => toast.success(t('saved')),
    onError: (err: unknown) => toast.danger(t('saveFailed', { reason: errorMessage(err) })),
  };
}

/** The server's models (built-in names translated, ONNX ones by name); the saved one is listed even if no longer offered. */
function modelOptions(models: { name: string; type: string }[] | undefined, current: string, label: (name: string) => string) {
  const names = models?.map((m) => m.name) ?? [];
  if (!names.includes(current)) names.unshift(current);
  return names.map((name) => ({ value: name, label: label(name) }));
}

function ScanAndLanguage({ companyId, readOnly }: SectionProps) {
  const { t } = useTranslation('settings');
  const aiModel = useAiModel();
  const models = useQuery(aiModelsQuery(companyId));
  const language = useQuery(languageQuery(companyId));
  const setModel = useSetAiModel(companyId);
  const setLanguage = useSetLanguage(companyId);
  const saved = useSaved();
  const currentLanguage: Language = isLanguage(language.data) ? language.data : 'en';
  // The server describes its built-in models in English; they read in the user's language, a company's own as written.
  const modelDescription = (m: { name: string; description: string } | undefined) =>
    m ? t(`general.modelDescriptions.${m.name}`, { defaultValue: m.description }) : t('general.aiModelHint');

  return (
    <Card title={t('general.title')} description={t('general.description')}>
      <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-1">
        <Select
          label={t('general.aiModel')}
          hint={modelDescription(models.data?.find((m) => m.name === aiModel))}
          error={models.isError ? t('general.aiModelsFailed', { reason: errorMessage(models.error) }) : undefined}
          value={aiModel}
          disabled={readOnly || setModel.isPending || models.isPending}
          onChange={(e) => setModel.mutate(e.target.value, saved)}
          options={modelOptions(models.data, aiModel, (name) => t(`app:aiModels.${name}`, { defaultValue: name }))}
        />
        {language.isError ? (
          <ErrorState error={language.error} onRetry={() => void language.refetch()} />
        ) : (
          <Select
            label={t('general.language')}
            hint={t('general.languageHint')}
            value={currentLanguage}
            disabled={readOnly || language.isPending || setLanguage.isPending}
            onChange={(e) => setLanguage.mutate(e.target.value as Language, saved)}
            options={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
          />
        )}
      </div>
    </Card>
  );
}

function FieldDevices({ companyId, readOnly }: SectionProps) {
  const { t } = useTranslation('settings');
  const offline = useQuery(offlineModeQuery(companyId));
  const autoRefresh = useQuery(autoRefreshQuery(companyId));
  const setOffline = useSetOfflineMode(companyId);
  const setAutoRefresh = useSetAutoRefresh(companyId);
  const saved = useSaved();

  return (
    <Card title={t('devices.title')} description={t('devices.description')}>
      <div className="divide-y divide-stone-200">
        <div className="pb-4">
          {offline.isPending ? (
            <LoadingState />
          ) : offline.isError ? (
            <ErrorState error={offline.error} onRetry={() => void offline.refetch()} />
          ) : (
            <Switch
              label={t('devices.offlineMode')}
              description={t('devices.offlineModeHint')}
              checked={offline.data === 1}
              disabled={readOnly || setOffline.isPending}
              onChange={(on) => setOffline.mutate(on ? 1 : 0, saved)}
            />
          )}
        </div>
        <div className="pt-4">
          {autoRefresh.isPending ? (
            <LoadingState />
          ) : autoRefresh.isError ? (
            <ErrorState error={autoRefresh.error} onRetry={() => void autoRefresh.refetch()} />
          ) : (
            <Switch
              label={t('devices.autoRefresh')}
              description={t('devices.autoRefreshHint')}
              checked={autoRefresh.data === 1}
              disabled={readOnly || setAutoRefresh.isPending}
              onChange={(on) => setAutoRefresh.mutate(on ? 1 : 0, saved)}
            />
          )}
        </div>
      </div>
    </Card>
  );
}

function StickyTrap({ companyId, readOnly }: SectionProps) {
  const { t } = useTranslation('settings');
  const current = useQuery(stickyTrapQuery(companyId));
  const save = useSetStickyTrap(companyId);
  const saved = useSaved();
  const [value, setValue] = useState('');
  useEffect(() => {
    if (current.data !== undefined) setValue(String(current.data));
  }, [current.data]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ value: Number(value), current: current.data }, { onSuccess: saved.onSuccess });
  };

  return (
    <Card title={t('stickyTrap.title')} description={t('stickyTrap.description')}>
      {current.isPending ? (
        <LoadingState />
      ) : current.isError ? (
        <ErrorState error={current.error} onRetry={() => void current.refetch()} />
      ) : (
        <form onSubmit={submit} className="space-y-4">
          <Input
            label={t('stickyTrap.label')}
            hint={t('stickyTrap.hint')}
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            value={value}
            disabled={readOnly}
            error={save.isError ? save.error.message : undefined}
            onChange={(e) => setValue(e.target.value)}
          />
          {!readOnly && (
            <Button type="submit" loading={save.isPending}>
              {t('stickyTrap.save')}
            </Button>
          )}
        </form>
      )}
    </Card>
  );
}

function OverviewTiles({ companyId, readOnly }: SectionProps) {
  const { t } = useTranslation('settings');
  const order = useQuery(gridOrderQuery(companyId));
  const opacity = useQuery(gridOpacityQuery(companyId));
  const saveOrder = useSetGridOrder(companyId);
  const saveOpacity = useSetGridOpacity(companyId);
  const saved = useSaved();
  const [draft, setDraft] = useState<DashboardTile[] | null>(null);
  const [opacityDraft, setOpacityDraft] = useState<number | null>(null);
  const [announce, setAnnounce] = useState('');
  const opacityId = useId();

  if (order.isPending || opacity.isPending) return <Card title={t('tiles.title')}><LoadingState /></Card>;
  if (order.isError || opacity.isError) {
    const failed = order.isError ? order : opacity;
    return (
      <Card title={t('tiles.title')}>
        <ErrorState error={failed.error} onRetry={() => void failed.refetch()} />
      </Card>
    );
  }

  const list = draft ?? order.data;
  const orderChanged = draft !== null && draft.join() !== order.data.join();
  const opacityValue = opacityDraft ?? opacity.data;
  const opacityChanged = opacityDraft !== null && opacityDraft !== opacity.data;

  const move = (index: number, delta: -1 | 1) => {
    const next = [...list];
    const target = index + delta;
    const item = next[index];
    const other = next[target];
    if (item === undefined || other === undefined) return;
    next[index] = other;
    next[target] = item;
    setDraft(next);
    setAnnounce(t('tiles.moved', { tile: t(`app:tiles.${item}.title`), position: target + 1, total: next.length }));
    requestAnimationFrame(() => document.getElementById(`tile-${item}-${delta < 0 ? 'up' : 'down'}`)?.focus());
  };

  const save = () => {
    if (orderChanged && draft) saveOrder.mutate(draft, { ...saved, onSuccess: () => { setDraft(null); saved.onSuccess(); } });
    if (opacityChanged && opacityDraft !== null)
      saveOpacity.mutate(opacityDraft, { ...saved, onSuccess: () => { setOpacityDraft(null); saved.onSuccess(); } });
  };

  return (
    <Card title={t('tiles.title')} description={t('tiles.description')} className="lg:col-span-2">
      <p className="sr-only" aria-live="polite">
        {announce}
      </p>
      <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
        <ol aria-label={t('tiles.orderLabel')} className="divide-y divide-stone-200 rounded-lg border border-stone-200">
          {list.map((id, i) => (
            <li key={id} className="flex items-center gap-3 px-3 py-1.5">
              <span className="w-6 text-right text-sm tabular-nums text-stone-600">{i + 1}</span>
              <span className="flex-1 text-sm font-medium text-stone-900" style={{ opacity: opacityValue }}>
                {t(`app:tiles.${id}.title`)}
              </span>
              {!readOnly && (
                <span className="flex gap-1">
                  <Button
                    id={`tile-${id}-up`}
                    variant="ghost"
                    size="md"
                    className="w-11 px-0"
                    disabled={i === 0}
                    aria-label={t('tiles.moveUp', { tile: t(`app:tiles.${id}.title`) })}
                    onClick={() => move(i, -1)}
                  >
                    <Icon name="up" className="size-5" />
                  </Button>
                  <Button
                    id={`tile-${id}-down`}
                    variant="ghost"
                    size="md"
                    className="w-11 px-0"
                    disabled={i === list.length - 1}
                    aria-label={t('tiles.moveDown', { tile: t(`app:tiles.${id}.title`) })}
                    onClick={() => move(i, 1)}
                  >
                    <Icon name="down" className="size-5" />
                  </Button>
                </span>
              )}
            </li>
          ))}
        </ol>
        <div className="space-y-3">
          <label htmlFor={opacityId} className="block text-sm font-medium text-stone-800">
            {t('tiles.opacity')}
          </label>
          <div className="flex items-center gap-3">
            <input
              id={opacityId}
              type="range"
              min={0.1}
              max={1}
              step={0.05}
              value={opacityValue}
              disabled={readOnly}
              onChange={(e) => setOpacityDraft(Number(e.target.value))}
              className="h-11 flex-1 accent-brand-700"
              aria-valuetext={`${Math.round(opacityValue * 100)} %`}
            />
            <output htmlFor={opacityId} className="w-14 text-right text-sm tabular-nums">
              {Math.round(opacityValue * 100)} %
            </output>
          </div>
          <p className="text-sm text-stone-600">{t('tiles.opacityHint')}</p>
          <div className="rounded-lg border border-stone-200 bg-stone-50 p-3" aria-hidden="true">
            <div className="rounded-lg border border-stone-200 bg-white p-3 text-sm font-medium" style={{ opacity: opacityValue }}>
              {t('tiles.preview')}
            </div>
          </div>
        </div>
      </div>
      {saveOrder.isError && (
        <Alert tone="danger" className="mt-4">
          {saveOrder.error.message}
        </Alert>
      )}
      {!readOnly && (
        <div className="mt-5 flex flex-wrap gap-2">
          <Button onClick={save} disabled={!orderChanged && !opacityChanged} loading={saveOrder.isPending || saveOpacity.isPending}>
            {t('tiles.save')}
          </Button>
          <Button
            variant="secondary"
            disabled={!orderChanged && !opacityChanged}
            onClick={() => {
              setDraft(null);
              setOpacityDraft(null);
            }}
          >
            {t('tiles.discard')}
          </Button>
        </div>
      )}
    </Card>
  );
}

/** Company settings. Non-admins see the values read-only (the server refuses their writes). */
export default function SettingsPage() {
  const { t } = useTranslation('settings');
  const { companyID, userRole } = useAuth();
  if (!companyID) return null;
  const readOnly = !(userRole === 'Admin' || userRole === 'SuperAdmin');
  const props = { companyId: companyID, readOnly };
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      {readOnly && (
        <Alert tone="info" className="mb-6">
          {t('readOnly')}
        </Alert>
      )}
      <div className="grid gap-6 lg:grid-cols-2">
        <ScanAndLanguage {...props} />
        <FieldDevices {...props} />
        <OverviewTiles {...props} />
        <StickyTrap {...props} />
        <ScoutingFrequencyCard {...props} />
        <TimeZoneCard {...props} />
        <SuspectedAlertsCard {...props} />
      </div>
    </>
  );
}
