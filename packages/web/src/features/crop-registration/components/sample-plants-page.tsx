import { useMemo, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { addDays, ADMIN_ROLES, deviceToday, mondayOf, type CropPlanting, type SampleSet, isoWeekNumber } from '@verdant/contract';
import { Badge, Button, ButtonLink, Card, ConfirmDialog, EmptyState, ErrorState, Input, LoadingState, PageHeader, Select, useToast } from '@/components/ui';
import { cropPlantingsQuery, sampleSetsQuery } from '@/api/queries/crop-registration';
import { cropsQuery } from '@/api/queries/crops';
import { roomsQuery } from '@/api/queries/rooms';
import { errorMessage } from '@/api/api-error';
import { useAuth } from '@/state/hooks';
import { paths } from '@/lib/paths';
import { cn } from '@/lib/cn';
import { useDeleteSampleSet, useSaveCropPlanting, useSaveSampleSet } from '../api/use-crop-setup';
import { CropRegistrationNav } from './crop-registration-nav';

/**
 * Where the crop is measured: the crops grown per room (area, stem density, the rotation rule) and each planting's
 * sample plants, chosen per grid box; a new set replaces the running one from its first week (a new set every
 * rotation weeks). Everyone reads; Admins set up.
 */
export default function SamplePlantsPage() {
  const { t } = useTranslation('crop-registration');
  const { companyID, userRole } = useAuth();
  const companyId = companyID ?? 0;
  const canEdit = Boolean(userRole && (ADMIN_ROLES as readonly string[]).includes(userRole));
  const plantings = useQuery({ ...cropPlantingsQuery(companyId), enabled: companyId > 0 });
  const [chosen, setChosen] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const selected = plantings.data?.find((p) => p.planting_id === chosen) ?? plantings.data?.[0];

  return (
    <div className="flex flex-col gap-4">
      <CropRegistrationNav />
      <PageHeader
        title={t('samples.title')}
        description={t('samples.description')}
        actions={canEdit ? <Button onClick={() => setAdding(true)}>{t('planting.add')}</Button> : undefined}
      />
      {adding && <PlantingForm companyId={companyId} onDone={(id) => (setAdding(false), id && setChosen(id))} />}
      {plantings.isError ? (
        <ErrorState error={plantings.error} onRetry={() => void plantings.refetch()} />
      ) : plantings.isPending ? (
        <LoadingState />
      ) : plantings.data.length === 0 ? (
        !adding && (
          <EmptyState
            title={t('walk.noPlantingTitle')}
            description={canEdit ? t('planting.emptyAdmin') : t('planting.empty')}
            action={canEdit ? <Button onClick={() => setAdding(true)}>{t('planting.add')}</Button> : undefined}
          />
        )
      ) : (
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
          <Card title={t('planting.listTitle')} padded={false}>
            <ul className="divide-y divide-stone-100" aria-label={t('planting.listTitle')}>
              {plantings.data.map((p) => (
                <li key={p.planting_id}>
                  <button
                    type="button"
                    onClick={() => setChosen(p.planting_id)}
                    aria-current={p.planting_id === selected?.planting_id ? 'true' : undefined}
                    className={cn('flex min-h-11 w-full flex-col px-4 py-2 text-left', p.planting_id === selected?.planting_id ? 'bg-brand-50' : 'hover:bg-stone-50')}
                  >
                    <span className="font-semibold text-stone-900">
                      {p.room_name} · {p.crop_name}
                    </span>
                    <span className="text-xs text-stone-600">
                      {t('planting.summary', { area: p.area_m2, stems: p.stems_per_m2, week: isoWeekNumber(p.start_week), weeks: p.rotation_weeks })}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </Card>
          {selected && <PlantingSets key={selected.planting_id} companyId={companyId} planting={selected} canEdit={canEdit} />}
        </div>
      )}
    </div>
  );
}

function PlantingSets({ companyId, planting, canEdit }: { companyId: number; planting: CropPlanting; canEdit: boolean }) {
  const { t } = useTranslation('crop-registration');
  const toast = useToast();
  const sets = useQuery({ ...sampleSetsQuery(companyId, planting.planting_id), enabled: companyId > 0 });
  const remove = useDeleteSampleSet(companyId);
  const [choosing, setChoosing] = useState(false);
  const [removing, setRemoving] = useState<SampleSet | null>(null);
  const week = mondayOf(deviceToday());
  const ordered = useMemo(() => [...(sets.data ?? [])].sort((a, b) => b.valid_from.localeCompare(a.valid_from)), [sets.data]);
  const current = ordered.find((s) => s.valid_from <= week && s.valid_to >= week);
  const nextDue = current ? addDays(current.valid_to, 7) : week;

  return (
    <div className="flex flex-col gap-4 lg:col-span-2">
      <Card
        title={t('samples.setsTitle', { name: `${planting.room_name} · ${planting.crop_name}` })}
        description={t('samples.rotation', { weeks: planting.rotation_weeks, next: isoWeekNumber(nextDue) })}
        actions={
          canEdit && !choosing ? (
            <Button onClick={() => setChoosing(true)} disabled={!sets.data}>
              {t('samples.newSet')}
            </Button>
          ) : undefined
        }
      >
        {!current && <p className="mb-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">{t('samples.rotationDue')}</p>}
        {sets.isError ? (
          <ErrorState error={sets.error} onRetry={() => void sets.refetch()} />
        ) : sets.isPending ? (
          <LoadingState />
        ) : ordered.length === 0 ? (
          <p className="text-sm text-stone-600">{canEdit ? t('samples.emptyAdmin') : t('samples.empty')}</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {ordered.map((s) => (
              <li key={s.set_id} className="rounded-lg border border-stone-200 p-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="font-semibold text-stone-900">
                    {t('samples.setWeeks', { from: isoWeekNumber(s.valid_from), to: isoWeekNumber(s.valid_to) })}{' '}
                    {s === current && <Badge tone="success">{t('samples.current')}</Badge>}
                  </p>
                  <span className="flex items-center gap-2 text-sm text-stone-600">
                    {t('samples.plantCount', { count: s.plants.length })}
                    {canEdit && (
                      <Button variant="ghost" size="sm" onClick={() => setRemoving(s)}>
                        {t('samples.delete')}
                      </Button>
                    )}
                  </span>
                </div>
                <ol className="mt-2 flex flex-wrap gap-1 text-xs" aria-label={t('samples.plantsOf', { from: isoWeekNumber(s.valid_from) })}>
                  {[...s.plants].sort((a, b) => a.position - b.position).map((p) => (
                    <li key={p.sample_plant_id} className="rounded bg-stone-100 px-2 py-1">
                      {p.label}
                    </li>
                  ))}
                </ol>
              </li>
            ))}
          </ul>
        )}
      </Card>
      {choosing && (
        <SetChooser
          companyId={companyId}
          planting={planting}
          from={current ? nextDue : week}
          onDone={(saved) => {
            setChoosing(false);
            if (saved) toast.success(t('samples.saved', { count: saved }));
          }}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        destructive
        title={t('samples.deleteTitle')}
        description={t('samples.deleteText')}
        confirmLabel={t('samples.delete')}
        loading={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          remove.mutate([removing.set_id], {
            onSuccess: () => setRemoving(null),
            onError: (err) => {
              toast.danger(errorMessage(err));
              setRemoving(null);
            },
          })
        }
      />
    </div>
  );
}

/** Picks the grid boxes of the planting's room that hold a sample plant, in walking order (the order tapped). */
function SetChooser({ companyId, planting, from, onDone }: { companyId: number; planting: CropPlanting; from: string; onDone: (saved?: number) => void }) {
  const { t } = useTranslation('crop-registration');
  const rooms = useQuery({ ...roomsQuery(companyId), enabled: companyId > 0 });
  const save = useSaveSampleSet(companyId);
  const room = rooms.data?.rooms.find((r) => r.RoomID === planting.room_id);
  const [picked, setPicked] = useState<number[]>([]);
  const [day, setDay] = useState(from);
  const [error, setError] = useState<string | null>(null);
  const toggle = (id: number) => setPicked((p) => (p.includes(id) ? p.filter((x) => x !== id) : [...p, id]));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!picked.length) return setError(t('samples.pickOne'));
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return setError(t('harvest.needWeek'));
    setError(null);
    save.mutate([{ planting_id: planting.planting_id, valid_from: mondayOf(day), plants: picked.map((grid_box_id) => ({ grid_box_id })) }], {
      onSuccess: (set) => onDone(set.plants.length),
      onError: (err) => setError(errorMessage(err)),
    });
  };

  return (
    <Card title={t('samples.chooseTitle')} description={t('samples.chooseText', { room: planting.room_name })}>
      {rooms.isError ? (
        <ErrorState error={rooms.error} onRetry={() => void rooms.refetch()} />
      ) : rooms.isPending ? (
        <LoadingState />
      ) : !room || room.grids.length === 0 ? (
        <EmptyState title={t('samples.noGridsTitle')} description={t('samples.noGridsText')} action={<ButtonLink to={paths.room(planting.room_id)}>{t('samples.toRoom')}</ButtonLink>} />
      ) : (
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          {room.grids.map((g) => {
            const xs = Math.max(1, ...g.grid_boxes.map((b) => b.X));
            const rows = [...new Set(g.grid_boxes.map((b) => b.Y))].sort((a, b) => a - b);
            return (
              <fieldset key={g.id} className="min-w-0">
                <legend className="mb-1 text-sm font-semibold text-stone-900">{g.Name}</legend>
                <div className="overflow-x-auto">
                  <div className="grid w-max gap-1" style={{ gridTemplateColumns: `repeat(${xs}, minmax(2.75rem, auto))` }}>
                    {rows.flatMap((y) =>
                      g.grid_boxes
                        .filter((b) => b.Y === y)
                        .sort((a, b) => a.X - b.X)
                        .map((b) => {
                          const order = picked.indexOf(b.id);
                          const name = b.CustomName || `${b.X}/${b.Y}`;
                          return (
                            <button
                              key={b.id}
                              type="button"
                              onClick={() => toggle(b.id)}
                              aria-pressed={order >= 0}
                              aria-label={t('samples.boxLabel', { grid: g.Name, name })}
                              style={{ gridColumn: b.X }}
                              className={cn(
                                'min-h-11 rounded-md px-1 text-xs ring-1 ring-inset',
                                order >= 0 ? 'bg-brand-700 font-semibold text-white ring-brand-800' : 'bg-white text-stone-700 ring-stone-300 hover:bg-stone-50',
                              )}
                            >
                              {order >= 0 ? order + 1 : name}
                            </button>
                          );
                        }),
                    )}
                  </div>
                </div>
              </fieldset>
            );
          })}
          <div className="flex flex-wrap items-end gap-3">
            <Input type="date" label={t('samples.from')} value={day} onChange={(e) => setDay(e.target.value)} hint={t('samples.fromHint')} />
            <p className="pb-2 text-sm text-stone-700">{t('samples.picked', { count: picked.length })}</p>
          </div>
          {error && <p className="text-sm font-medium text-red-700">{error}</p>}
          <div className="flex gap-2">
            <Button type="submit" loading={save.isPending}>
              {t('samples.saveSet')}
            </Button>
            <Button variant="secondary" onClick={() => onDone()} disabled={save.isPending}>
              {t('types.cancel')}
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}

/** Starts a crop in a room: the area and stem density the per-m² figures and the forecast use, and the rotation rule. */
function PlantingForm({ companyId, onDone }: { companyId: number; onDone: (plantingId?: number) => void }) {
  const { t } = useTranslation('crop-registration');
  const rooms = useQuery({ ...roomsQuery(companyId), enabled: companyId > 0 });
  const crops = useQuery({ ...cropsQuery(companyId), enabled: companyId > 0 });
  const save = useSaveCropPlanting(companyId);
  const [draft, setDraft] = useState({ room: '', crop: '', area: '', stems: '', start: mondayOf(deviceToday()), rotation: '4' });
  const [error, setError] = useState<string | null>(null);
  const set = (k: keyof typeof draft) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [k]: e.target.value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!draft.room || !draft.crop) return setError(t('planting.needRoomCrop'));
    setError(null);
    save.mutate(
      [
        {
          room_id: Number(draft.room),
          crop_id: Number(draft.crop),
          area_m2: draft.area,
          stems_per_m2: draft.stems,
          start_week: /^\d{4}-\d{2}-\d{2}$/.test(draft.start) ? mondayOf(draft.start) : draft.start,
          rotation_weeks: draft.rotation,
        },
      ],
      { onSuccess: (p) => onDone(p.planting_id), onError: (err) => setError(errorMessage(err)) },
    );
  };

  return (
    <Card title={t('planting.addTitle')}>
      {rooms.isError || crops.isError ? (
        <ErrorState error={rooms.error ?? crops.error} />
      ) : rooms.isPending || crops.isPending ? (
        <LoadingState />
      ) : (
        <form onSubmit={submit} noValidate className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <Select label={t('planting.room')} value={draft.room} onChange={set('room')} placeholder={t('planting.pick')} options={rooms.data.rooms.map((r) => ({ value: String(r.RoomID), label: r.Name }))} />
          <Select label={t('planting.crop')} value={draft.crop} onChange={set('crop')} placeholder={t('planting.pick')} options={crops.data.map((c) => ({ value: String(c.crop_id), label: c.name }))} />
          <Input type="date" label={t('planting.start')} value={draft.start} onChange={set('start')} />
          <Input label={t('planting.area')} inputMode="decimal" value={draft.area} onChange={set('area')} />
          <Input label={t('planting.stems')} inputMode="decimal" value={draft.stems} onChange={set('stems')} />
          <Input label={t('planting.rotation')} inputMode="numeric" value={draft.rotation} onChange={set('rotation')} hint={t('planting.rotationHint')} />
          {error && <p className="text-sm font-medium text-red-700 sm:col-span-3">{error}</p>}
          <div className="flex gap-2 sm:col-span-3">
            <Button type="submit" loading={save.isPending}>
              {t('planting.save')}
            </Button>
            <Button variant="secondary" onClick={() => onDone()} disabled={save.isPending}>
              {t('types.cancel')}
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}
