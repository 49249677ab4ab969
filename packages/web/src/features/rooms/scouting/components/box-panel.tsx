import { lazy, Suspense, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NAME_MAX, SUB_GRIDBOX_MAX_ALLOWED, type GridBox, type SubGridbox } from '@verdant/contract';
import { Alert, Badge, Button, ButtonLink, ConfirmDialog, Input, LoadingText, Select, useToast } from '../../../../components/ui';
import { Icon } from '../../../../components/icons';
import { errorMessage } from '../../../../api/api-error';
import { isNotAvailableOffline } from '../../../../api/offline-errors';
import { cn } from '../../../../lib/cn';
import { useAuth } from '../../../../state/hooks';
import { useOnlineStatus } from '../../../../lib/use-online-status';
import { boxLabel } from '../../lib/box-label';
import { subGridboxName } from '../../lib/sub-gridbox-list';
import { subBoxesQuery } from '../../../../api/queries/grid-boxes';
import { gridTemplatesQuery, roomKeys } from '../../../../api/queries/rooms';
import { useCreateSubBoxes, useDeleteSubBox, useRenameBox } from '../../api/use-box';
import { BoxProblems } from './box-problems';
import { BoxResponses } from './box-responses';
import { FillFormDialog } from './fill-form-dialog';
import { CullZone } from './cull-zone';
import { BoxHistory } from './box-history';
import { paths } from '../../../../lib/paths';
import { useFormatDate } from '../../../../lib/format-date';
import { noEntryUntil, useMinuteClock } from '../../lib/no-entry';

// Recharts is large: it loads only when a box panel opens.
const StickyTrapChart = lazy(() => import('./sticky-trap-chart'));

export interface MovingPlant {
  plantUid: string;
  fromBoxId: number;
  fromName: string;
}

export interface BoxPanelProps {
  box: GridBox;
  gridName: string;
  onClose: () => void;
  onStartMove: (plant: MovingPlant) => void;
}

function Section({ title, children, actions }: { title: string; children: React.ReactNode; actions?: React.ReactNode }) {
  return (
    <section className="border-t border-stone-200 px-4 py-4">
      <div className="mb-2 flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-stone-900">{title}</h3>
        {actions}
      </div>
      {children}
    </section>
  );
}

function RenameForm({ box }: { box: GridBox }) {
  const { t } = useTranslation('rooms');
  const toast = useToast();
  const { companyID } = useAuth();
  const rename = useRenameBox(companyID ?? 0);
  const [name, setName] = useState(box.CustomName ?? '');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    rename.mutate(
      { boxId: box.id, name: name.trim() },
      {
        onSuccess: (b) => toast.success(b.CustomName ? t('box.renamed', { name: b.CustomName }) : t('box.nameCleared')),
        onError: (err) => toast.danger(t('box.renameFailed', { reason: errorMessage(err) })),
      },
    );
  };
  return (
    <form onSubmit={submit}>
      <div className="flex items-end gap-2">
        <div className="min-w-0 flex-1">
          <Input label={t('box.name')} value={name} maxLength={NAME_MAX} onChange={(e) => setName(e.target.value)} />
        </div>
        <Button type="submit" variant="secondary" loading={rename.isPending}>
          {t('box.save')}
        </Button>
      </div>
      <p className="mt-1.5 text-xs text-stone-600">{t('box.nameHint')}</p>
    </form>
  );
}

function SubBoxes({ box, onStartMove }: { box: GridBox; onStartMove: BoxPanelProps['onStartMove'] }) {
  const { t } = useTranslation('rooms');
  const toast = useToast();
  const { companyID, userId, userRole } = useAuth();
  const companyId = companyID ?? 0;
  // Offline the list reads the device's copy (api/offline-read); adding sub-boxes waits in the outbox.
  const subs = useQuery(subBoxesQuery(companyId, box.id, box.GridID));
  const templates = useQuery(gridTemplatesQuery(companyId, 'SubGrid'));
  const create = useCreateSubBoxes(companyId, box.id);
  const del = useDeleteSubBox(companyId, box.id);
  const [nx, setNx] = useState('2');
  const [ny, setNy] = useState('2');
  const [templateId, setTemplateId] = useState('');
  const [templateError, setTemplateError] = useState<string | undefined>();
  const [mode, setMode] = useState<'size' | 'template'>('size');
  const [autoPlants, setAutoPlants] = useState(true);
  const [toDelete, setToDelete] = useState<SubGridbox | null>(null);
  const max = subs.data?.max_allowed ?? SUB_GRIDBOX_MAX_ALLOWED;
  const total = subs.data?.total_count ?? 0;
  const canDeleteSubs = userRole !== null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const fromTemplate = mode === 'template' ? Number(templateId) || undefined : undefined;
    if (mode === 'template' && !fromTemplate) {
      setTemplateError(t('subs.templateRequired'));
      return;
    }
    setTemplateError(undefined);
    create.mutate(
      { userId: userId ?? undefined, nx: Number(nx), ny: Number(ny), autoInitializePlants: autoPlants, templateId: fromTemplate },
      {
        onSuccess: (res) => toast.success(t('subs.created', { count: res.created_count })),
        onError: (err) => toast.danger(errorMessage(err)),
      },
    );
  };

  return (
    <>
      {subs.isPending ? (
        <LoadingText />
      ) : subs.isError ? (
        isNotAvailableOffline(subs.error) ? (
          <p className="text-sm text-stone-600">{errorMessage(subs.error)}</p>
        ) : (
          <Alert tone="danger">{errorMessage(subs.error)}</Alert>
        )
      ) : subs.data.sub_gridboxes.length === 0 ? (
        <p className="text-sm text-stone-600">{t('subs.empty')}</p>
      ) : (
        <ul className="divide-y divide-stone-200 rounded-lg border border-stone-200" aria-label={t('subs.title')}>
          {subs.data.sub_gridboxes.map((s) => (
            <li key={s.Sub_gridboxID} className="flex items-center gap-2 px-3 py-2">
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-stone-900">{subGridboxName(s)}</p>
                <p className="truncate text-xs text-stone-600">
                  {s.plant_uid ? t('subs.plant', { uid: s.plant_uid }) : t('subs.noPlant')}
                </p>
              </div>
              {s.plant_uid && (
                <Button
                  size="sm"
                  variant="secondary"
                  className="min-h-11"
                  aria-label={t('move.startLabel', { uid: s.plant_uid })}
                  onClick={() => onStartMove({ plantUid: s.plant_uid!, fromBoxId: box.id, fromName: subGridboxName(s) })}
                >
                  {t('move.start')}
                </Button>
              )}
              {canDeleteSubs && (
                <Button
                  size="sm"
                  variant="ghost"
                  className="min-h-11 text-red-800 hover:bg-red-50"
                  aria-label={t('subs.deleteLabel', { name: subGridboxName(s) })}
                  onClick={() => setToDelete(s)}
                >
                  <Icon name="cross" className="size-4" />
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <p className="mt-2 text-xs text-stone-600">{t('subs.count', { total, max })}</p>

      <form onSubmit={submit} className="mt-3 flex flex-col gap-3 rounded-lg bg-stone-50 p-3">
        <p className="text-sm font-medium text-stone-800">{t('subs.add')}</p>
        <div role="group" aria-label={t('subs.how')} className="grid grid-cols-2 gap-1 rounded-lg bg-stone-200/70 p-1">
          {(['size', 'template'] as const).map((m) => (
            <button
              key={m}
              type="button"
              aria-pressed={mode === m}
              onClick={() => setMode(m)}
              className={cn(
                'min-h-11 rounded-md px-2 text-sm font-semibold leading-tight focus-visible:outline-2 focus-visible:outline-brand-600',
                mode === m ? 'bg-white text-brand-800 shadow-sm' : 'text-stone-700 hover:text-stone-900',
              )}
            >
              {m === 'size' ? t('subs.bySize') : t('subs.fromTemplate')}
            </button>
          ))}
        </div>
        {mode === 'template' ? (
          templates.isError && isNotAvailableOffline(templates.error) ? (
            <p className="text-sm text-stone-600">{t('subs.templatesOffline')}</p>
          ) : templates.isError ? (
            <p className="text-sm text-red-800">{errorMessage(templates.error)}</p>
          ) : templates.isPending ? (
            <LoadingText />
          ) : (templates.data?.length ?? 0) === 0 ? (
            <p className="text-sm text-stone-700">
              {t('subs.noTemplates')}{' '}
              <Link to={paths.roomTemplates('SubGrid')} className="font-medium text-brand-800 underline">
                {t('subs.manageTemplates')}
              </Link>
            </p>
          ) : (
            <Select
              label={t('subs.template')}
              value={templateId}
              required
              placeholder={t('subs.chooseTemplate')}
              error={templateError}
              onChange={(e) => setTemplateId(e.target.value)}
              options={(templates.data ?? []).map((x) => ({
                value: String(x.template_id),
                label: t('grid.templateOption', { name: x.template_name, nx: x.columns, ny: x.rows }),
              }))}
            />
          )
        ) : (
          <div className="grid grid-cols-2 gap-2">
            <Input label={t('subs.nx')} type="number" inputMode="numeric" min={1} max={max} value={nx} onChange={(e) => setNx(e.target.value)} />
            <Input label={t('subs.ny')} type="number" inputMode="numeric" min={1} max={max} value={ny} onChange={(e) => setNy(e.target.value)} />
          </div>
        )}
        <label className="flex min-h-11 items-center gap-2 text-sm text-stone-800">
          <input type="checkbox" className="size-5 accent-brand-700" checked={autoPlants} onChange={(e) => setAutoPlants(e.target.checked)} />
          {t('subs.autoPlants')}
        </label>
        <Button
          type="submit"
          variant="secondary"
          loading={create.isPending}
          disabled={total >= max || (mode === 'template' && (templates.data?.length ?? 0) === 0)}
        >
          {mode === 'template' ? t('subs.fill') : t('subs.create')}
        </Button>
      </form>

      <ConfirmDialog
        open={toDelete !== null}
        destructive
        title={t('subs.deleteTitle', { name: toDelete ? subGridboxName(toDelete) : '' })}
        description={toDelete?.plant_uid ? t('subs.deleteBodyPlant', { uid: toDelete.plant_uid }) : t('subs.deleteBody')}
        confirmLabel={t('subs.deleteConfirm')}
        loading={del.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() =>
          toDelete &&
          del.mutate(toDelete.Sub_gridboxID, {
            onSuccess: () => {
              toast.success(t('subs.deleted'));
              setToDelete(null);
            },
            onError: (err) => toast.danger(errorMessage(err)),
          })
        }
      />
    </>
  );
}

/** The chosen box: name, culling, sub-boxes with their plants, and its history. */
export function BoxPanel({ box, gridName, onClose, onStartMove }: BoxPanelProps) {
  const { t } = useTranslation('rooms');
  const queryClient = useQueryClient();
  const { companyID } = useAuth();
  const roomId = Number(useParams().roomID);
  const online = useOnlineStatus();
  const [filling, setFilling] = useState(false);
  const until = noEntryUntil(box, useMinuteClock());
  const formatDate = useFormatDate();
  return (
    <div className="flex h-full flex-col">
      <div className="flex items-start justify-between gap-2 px-4 pb-3 pt-4">
        <div className="min-w-0">
          <h2 className="truncate text-lg font-semibold text-stone-900">{boxLabel(box)}</h2>
          <p className="text-sm text-stone-600">{t('box.where', { grid: gridName, x: box.X, y: box.Y })}</p>
          <div className="mt-2 flex flex-wrap gap-2">
            {box.culled ? <Badge tone="neutral">{t('box.culled')}</Badge> : <Badge tone="success">{t('box.active')}</Badge>}
            {box.Color && (
              <Badge tone="neutral">
                <span aria-hidden="true" className="inline-block size-3 rounded-sm ring-1 ring-stone-400" style={{ background: box.Color }} />
                {box.Color}
              </Badge>
            )}
          </div>
        </div>
        <button
          type="button"
          onClick={onClose}
          aria-label={t('box.close')}
          className="-mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-stone-600 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <Icon name="cross" className="size-5" />
        </button>
      </div>
      <div className="flex-1 overflow-y-auto">
        {until && (
          <div className="px-4 pb-3" data-testid="box-no-entry">
            <Alert tone="danger" title={t('noEntry.title')}>
              {t('noEntry.box', { until: formatDate(until) })}
            </Alert>
          </div>
        )}
        {!online && (
          <div className="px-4 pb-3">
            <Alert tone="warning">{t('box.offline')}</Alert>
          </div>
        )}
        <Section title={t('problems.title')}>
          <BoxProblems key={box.id} box={box} />
        </Section>
        <Section
          title={t('responses.title')}
          actions={
            <div className="flex flex-wrap gap-2">
              <Button size="md" onClick={() => setFilling(true)}>
                {t('fill.box')}
              </Button>
              {roomId > 0 && (
                <ButtonLink size="md" variant="secondary" to={paths.scanAt({ roomId, gridId: box.GridID, boxId: box.id })}>
                  {t('box.scanPhoto')}
                </ButtonLink>
              )}
            </div>
          }
        >
          <BoxResponses box={box} />
        </Section>
        <Section title={t('traps.title')}>
          <Suspense fallback={<LoadingText />}>
            <StickyTrapChart boxId={box.id} />
          </Suspense>
        </Section>
        <Section title={t('box.nameTitle')}>
          <RenameForm key={box.id} box={box} />
        </Section>
        <Section title={t('subs.title')}>
          <SubBoxes key={box.id} box={box} onStartMove={onStartMove} />
        </Section>
        <Section title={t('box.history')}>
          <BoxHistory box={box} />
        </Section>
        <CullZone key={box.id} box={box} />
      </div>
      <FillFormDialog
        open={filling}
        onClose={() => setFilling(false)}
        title={t('fill.boxTitle', { box: boxLabel(box) })}
        description={t('box.where', { grid: gridName, x: box.X, y: box.Y })}
        place={{ kind: 'box', GridBoxID: box.id }}
        preferred="scouting"
        coordinates={`${box.X},${box.Y}`}
        label={t('fill.boxQueueLabel', { box: boxLabel(box), grid: gridName })}
        onSubmitted={() => void queryClient.invalidateQueries({ queryKey: roomKeys.boxHistory(companyID ?? 0, box.id) })}
      />
    </div>
  );
}
