import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { deviceToday, mondayOf, type CropPlanting, isoWeekNumber } from '@verdant/contract';
import { Alert, Badge, Button, ButtonLink, EmptyState, ErrorState, LoadingState, PageHeader, useToast } from '@/components/ui';
import { cropPlantingsQuery, registrationWalkQuery } from '@/api/queries/crop-registration';
import { useQueuedActions } from '@/api/use-outbox';
import { errorMessage } from '@/api/api-error';
import { useAuth } from '@/state/hooks';
import { useOnlineStatus } from '@/lib/use-online-status';
import { paths } from '@/lib/paths';
import { cn } from '@/lib/cn';
import { useSaveRegistration, useSaveRegistrationPhoto } from '../api/use-save-registration';
import { PlantHistory } from './plant-history';
import { nextToMeasure, walkEntries } from '../lib/walk';
import { keepWalkDraft, readWalkDraft } from '../lib/walk-draft';
import { CropRegistrationNav } from './crop-registration-nav';
import { WalkPlant, type TypedValue } from './walk-plant';

/** A planting is walked from its start week until its end week (if it has one). */
const runningIn = (p: CropPlanting, week: string) => p.start_week <= week && (p.end_week === null || p.end_week >= week);

/**
 * The registration walk (phone first, 390 px): the week's sample plants of one planting in route order, one at a
 * time, typed on a large number pad. Each plant saved goes through the outbox, so the walk works with no signal;
 * closed and opened again (even offline) it resumes: the plants saved come back from the outbox, the plant in
 * hand from the device's draft.
 */
export default function WalkPage() {
  const { t } = useTranslation('crop-registration');
  const toast = useToast();
  const online = useOnlineStatus();
  const { companyID, userId } = useAuth();
  const companyId = companyID ?? 0;
  const me = userId ?? 0;
  const [params, setParams] = useSearchParams();
  const week = mondayOf(deviceToday());
  const plantings = useQuery({ ...cropPlantingsQuery(companyId), enabled: companyId > 0 });
  const running = useMemo(() => (plantings.data ?? []).filter((p) => runningIn(p, week)), [plantings.data, week]);
  const asked = Number(params.get('planting'));
  const planting = running.find((p) => p.planting_id === asked) ?? (running.length === 1 ? running[0] : undefined);
  // A sample plant's QR label (or the room map's sheet) opens the walk at that plant.
  const startPlantId = Number(params.get('plant')) || null;

  return (
    <div className="mx-auto flex max-w-xl flex-col">
      <CropRegistrationNav />
      <PageHeader
        title={t('walk.title')}
        description={planting ? `${planting.room_name} · ${planting.crop_name} · ${t('walk.week', { number: isoWeekNumber(week) })}` : t('walk.description')}
        className="mb-3"
      />
      {plantings.isError ? (
        <ErrorState error={plantings.error} onRetry={() => void plantings.refetch()} />
      ) : plantings.isPending ? (
        <LoadingState />
      ) : running.length === 0 ? (
        <EmptyState
          title={t('walk.noPlantingTitle')}
          description={t('walk.noPlantingText')}
          action={<ButtonLink to={paths.cropSamplePlants}>{t('nav.samplePlants')}</ButtonLink>}
        />
      ) : !planting ? (
        <section aria-label={t('walk.choose')} className="flex flex-col gap-2">
          <p className="text-sm text-stone-700">{t('walk.choose')}</p>
          {running.map((p) => (
            <Button key={p.planting_id} variant="secondary" size="lg" block onClick={() => setParams({ planting: String(p.planting_id) })}>
              {p.room_name} · {p.crop_name}
            </Button>
          ))}
        </section>
      ) : (
        <Walk
          key={planting.planting_id}
          companyId={companyId}
          userId={me}
          planting={planting}
          week={week}
          startPlantId={planting.planting_id === asked ? startPlantId : null}
          online={online}
          onSaved={(queued, label) => (queued ? toast.info(t('walk.savedOffline', { label })) : toast.success(t('walk.saved', { label })))}
          onChange={running.length > 1 ? () => setParams({}) : undefined}
        />
      )}
    </div>
  );
}

interface WalkProps {
  companyId: number;
  userId: number;
  planting: CropPlanting;
  week: string;
  /** The plant to start at (a scanned label), before the plant in hand and the first still to measure. */
  startPlantId?: number | null;
  online: boolean;
  onSaved: (queued: boolean, label: string) => void;
  onChange?: () => void;
}

function Walk({ companyId, userId, planting, week, startPlantId = null, online, onSaved, onChange }: WalkProps) {
  const { t } = useTranslation('crop-registration');
  const walk = useQuery({ ...registrationWalkQuery(companyId, planting.planting_id, week), enabled: companyId > 0 });
  const queued = useQueuedActions(userId);
  const save = useSaveRegistration(companyId, userId);
  const savePhoto = useSaveRegistrationPhoto(companyId, userId);
  const toast = useToast();
  const entries = useMemo(() => (walk.data ? walkEntries(walk.data, queued) : []), [walk.data, queued]);
  const draftWeek = `${planting.planting_id}.${week}`;
  const [draft, setDraft] = useState(() => readWalkDraft(companyId, userId, draftWeek));
  const [at, setAt] = useState<number | null>(null);
  const [showRoute, setShowRoute] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // Where the walk starts: the plant of a scanned label, else the plant in hand when the app closed, else the first
  // plant still to measure.
  useEffect(() => {
    if (at !== null || !entries.length) return;
    const scanned = startPlantId ? entries.findIndex((e) => e.plant.sample_plant_id === startPlantId) : -1;
    const held = draft ? entries.findIndex((e) => e.plant.sample_plant_id === draft.plantId) : -1;
    setAt(scanned >= 0 ? scanned : held >= 0 ? held : (nextToMeasure(entries) ?? 0));
  }, [entries, draft, at, startPlantId]);

  const done = entries.filter((e) => e.done).length;
  const waiting = entries.filter((e) => e.waiting).length;
  const entry = at !== null ? entries[at] : undefined;
  const typed = entry && draft?.plantId === entry.plant.sample_plant_id ? draft.values : {};

  const goTo = (index: number) => {
    setAt(index);
    setError(null);
    setShowRoute(false);
  };
  const type = (values: Record<string, string>) => {
    if (!entry) return;
    const next = { plantId: entry.plant.sample_plant_id, values };
    setDraft(next);
    keepWalkDraft(companyId, userId, draftWeek, next);
  };
  const onSave = (values: TypedValue[], confirmed: boolean) => {
    if (!entry || at === null) return;
    const label = entry.plant.label;
    setError(null);
    save.mutate(
      { samplePlantId: entry.plant.sample_plant_id, week, values, confirmOutOfRange: confirmed, label: t('walk.outboxLabel', { label }) },
      {
        onSuccess: (outcome) => {
          setDraft(null);
          keepWalkDraft(companyId, userId, draftWeek, null);
          onSaved(outcome.queued, label);
          // The entries update from the outbox; the next plant is the first still to measure after this one.
          const left = entries.map((e, i) => (i === at ? { ...e, done: true } : e));
          const next = nextToMeasure(left, at + 1);
          if (next !== null) setAt(next);
        },
        onError: (err) => setError(errorMessage(err)),
      },
    );
  };

  const onPhoto = (photo: Blob) => {
    if (!entry) return;
    const label = entry.plant.label;
    savePhoto.mutate(
      { samplePlantId: entry.plant.sample_plant_id, week, photo, label: t('walk.photoOutboxLabel', { label }) },
      {
        onSuccess: (outcome) => (outcome.queued ? toast.info(t('walk.photoSavedOffline', { label })) : toast.success(t('walk.photoSaved', { label }))),
        onError: (err) => setError(errorMessage(err)),
      },
    );
  };

  if (walk.isError) return <ErrorState error={walk.error} onRetry={() => void walk.refetch()} />;
  if (walk.isPending) return <LoadingState />;
  const data = walk.data;
  if (!data.plants.length || !data.types.length) {
    return (
      <EmptyState
        title={data.types.length ? (data.rotation_due ? t('walk.rotationDueTitle') : t('walk.noPlantsTitle')) : t('walk.noTypesTitle')}
        description={data.types.length ? t('walk.noPlantsText', { weeks: planting.rotation_weeks }) : t('walk.noTypesText')}
        action={<ButtonLink to={data.types.length ? paths.cropSamplePlants : paths.cropTypes}>{data.types.length ? t('nav.samplePlants') : t('nav.types')}</ButtonLink>}
      />
    );
  }
  const total = entries.length;

  return (
    <div className="flex flex-col gap-3">
      <div className="rounded-xl border border-stone-200 bg-white p-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="whitespace-nowrap text-lg font-bold text-stone-900" data-testid="walk-progress">
            {t('walk.progress', { done, total })}
          </p>
          <div className="flex items-center gap-1">
            {!online && <Badge tone="warning">{t('walk.offline')}</Badge>}
            {waiting > 0 && <Badge tone="info">{t('walk.waiting', { count: waiting })}</Badge>}
          </div>
        </div>
        <div className="mt-2 h-2 overflow-hidden rounded-full bg-stone-200" aria-hidden="true">
          <div className="h-full bg-brand-600" style={{ width: `${total ? (100 * done) / total : 0}%` }} />
        </div>
        <div className="mt-2 flex flex-wrap gap-2">
          <Button variant="ghost" size="sm" aria-expanded={showRoute} onClick={() => setShowRoute((s) => !s)}>
            {showRoute ? t('walk.hideRoute') : t('walk.showRoute')}
          </Button>
          {onChange && (
            <Button variant="ghost" size="sm" onClick={onChange}>
              {t('walk.otherPlanting')}
            </Button>
          )}
        </div>
        {showRoute && (
          <ol aria-label={t('walk.route')} className="mt-2 flex max-h-72 flex-col gap-1 overflow-y-auto">
            {entries.map((e, i) => (
              <li key={e.plant.sample_plant_id}>
                <button
                  type="button"
                  onClick={() => goTo(i)}
                  aria-current={i === at ? 'step' : undefined}
                  className={cn('flex min-h-11 w-full items-center justify-between rounded-lg px-3 text-left text-sm', i === at ? 'bg-brand-50 font-semibold' : 'hover:bg-stone-50')}
                >
                  <span>
                    {i + 1}. {e.plant.label}
                  </span>
                  <span className={e.done ? 'text-green-800' : 'text-stone-500'}>{e.done ? (e.waiting ? t('walk.stateWaiting') : t('walk.stateDone')) : t('walk.stateTodo')}</span>
                </button>
              </li>
            ))}
          </ol>
        )}
      </div>
      {done === total && <Alert tone="success">{t('walk.allDone', { total })}</Alert>}
      {entry && at !== null && (
        <section aria-label={t('walk.plantRegion', { label: entry.plant.label })} className="flex flex-col gap-3">
          <div className="flex items-center justify-between gap-2">
            <Button variant="secondary" disabled={at === 0} onClick={() => goTo(at - 1)} aria-label={t('walk.previous')}>
              ‹
            </Button>
            <div className="min-w-0 text-center">
              <h2 className="truncate text-xl font-bold text-stone-900">{entry.plant.label}</h2>
              <p className="text-xs text-stone-600">
                {t('walk.plantOf', { number: at + 1, total })}
                {entry.done && ` · ${entry.waiting ? t('walk.stateWaiting') : t('walk.stateDone')}`}
              </p>
            </div>
            <Button variant="secondary" disabled={at === total - 1} onClick={() => goTo(at + 1)} aria-label={t('walk.next')}>
              ›
            </Button>
          </div>
          {error && <Alert tone="danger">{error}</Alert>}
          <WalkPlant
            entry={entry}
            types={data.types}
            typed={typed}
            onType={type}
            onSave={onSave}
            saving={save.isPending}
            onPhoto={onPhoto}
            photoSaving={savePhoto.isPending}
          />
          <PlantHistory key={entry.plant.sample_plant_id} companyId={companyId} samplePlantId={entry.plant.sample_plant_id} label={entry.plant.label} />
        </section>
      )}
    </div>
  );
}
