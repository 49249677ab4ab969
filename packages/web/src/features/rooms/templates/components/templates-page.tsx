import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEFAULT_GRID_TEMPLATE_TYPE, GRID_TEMPLATE_TYPES, type GridTemplate, type GridTemplateType } from '@verdant/contract';
import { Button, ButtonLink, ConfirmDialog, Dialog, EmptyState, ErrorState, LoadingState, PageHeader, useToast } from '../../../../components/ui';
import { Icon } from '../../../../components/icons';
import { errorMessage } from '../../../../api/api-error';
import { cn } from '../../../../lib/cn';
import { useOnlineStatus } from '../../../../lib/use-online-status';
import { useAuth } from '../../../../state/hooks';
import { gridTemplatesQuery } from '../../../../api/queries/rooms';
import { useDeleteTemplate } from '../api/use-templates';
import { FillBoxForm } from './fill-box-form';
import { TemplateForm } from './template-form';
import { useFormatDate } from '../../../../lib/format-date';
import { paths } from '../../../../lib/paths';

function isType(v: string | null): v is GridTemplateType {
  return (GRID_TEMPLATE_TYPES as readonly string[]).includes(v ?? '');
}

function TemplateCard({
  template,
  canDelete,
  onUse,
  onDelete,
}: {
  template: GridTemplate;
  canDelete: boolean;
  onUse: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('rooms');
  const formatDate = useFormatDate();
  const online = useOnlineStatus();
  const count = template.rows * template.columns;
  const grid = template.template_type === 'Grid';
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-stone-200 bg-white p-4 shadow-xs sm:p-5">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="break-words text-base font-semibold text-stone-900">{template.template_name}</h2>
          <p className="mt-0.5 text-sm text-stone-700">
            {t('templates.size', { nx: template.columns, ny: template.rows })} ·{' '}
            {t(grid ? 'templates.boxesShort' : 'templates.positionsShort', { count })}
          </p>
        </div>
        {canDelete && (
          <Button
            variant="ghost"
            className="-mr-2 -mt-1 text-red-800 hover:bg-red-50"
            aria-label={t('templates.deleteLabel', { name: template.template_name })}
            disabled={!online}
            onClick={onDelete}
          >
            <Icon name="cross" className="size-5" />
          </Button>
        )}
      </div>
      {template.description && <p className="line-clamp-3 text-sm text-stone-600">{template.description}</p>}
      <TemplatePreview rows={template.rows} columns={template.columns} />
      <div className="mt-auto flex items-center justify-between gap-3 border-t border-stone-100 pt-3">
        <span className="min-w-0 text-xs text-stone-600">{t('templates.createdAt', { when: formatDate(template.created_at) })}</span>
        {grid ? (
          <ButtonLink to={paths.gridForm(template.template_id)} variant="secondary" aria-label={t('templates.useGridLabel', { name: template.template_name })}>
            {t('templates.useGrid')}
          </ButtonLink>
        ) : (
          <Button variant="secondary" disabled={!online} aria-label={t('templates.useSubGridLabel', { name: template.template_name })} onClick={onUse}>
            {t('templates.useSubGrid')}
          </Button>
        )}
      </div>
    </li>
  );
}

/** A small picture of the layout (capped so a 500 × 500 template stays a thumbnail). */
function TemplatePreview({ rows, columns }: { rows: number; columns: number }) {
  const cols = Math.min(columns, 24);
  const rs = Math.min(rows, 8);
  return (
    <div aria-hidden="true" className="flex items-center gap-2">
      <div className="grid gap-0.5" style={{ gridTemplateColumns: `repeat(${cols}, 0.5rem)` }}>
        {Array.from({ length: cols * rs }, (_, i) => (
          <span key={i} className="size-2 rounded-[2px] bg-brand-200 ring-1 ring-brand-300" />
        ))}
      </div>
      {(columns > cols || rows > rs) && <span className="text-xs text-stone-500">…</span>}
    </div>
  );
}

/** rooms/templates: the company's Grid and SubGrid layouts; Admins create and delete, everyone uses them. */
export default function TemplatesPage() {
  const { t } = useTranslation('rooms');
  const toast = useToast();
  const online = useOnlineStatus();
  const { companyID, userRole } = useAuth();
  const companyId = companyID ?? 0;
  const isAdmin = userRole === 'Admin' || userRole === 'SuperAdmin';
  const [params, setParams] = useSearchParams();
  const rawType = params.get('type');
  const type: GridTemplateType = isType(rawType) ? rawType : DEFAULT_GRID_TEMPLATE_TYPE;
  const templates = useQuery({ ...gridTemplatesQuery(companyId, type), enabled: Boolean(companyID) });
  const del = useDeleteTemplate(companyId);
  const [creating, setCreating] = useState(false);
  const [toDelete, setToDelete] = useState<GridTemplate | null>(null);
  const [using, setUsing] = useState<GridTemplate | null>(null);

  const setType = (next: GridTemplateType) =>
    setParams((p) => {
      p.set('type', next);
      return p;
    }, { replace: true });

  const sorted = [...(templates.data ?? [])].sort((a, b) => a.template_name.localeCompare(b.template_name, undefined, { numeric: true }));

  return (
    <>
      <PageHeader
        title={t('templates.title')}
        description={t('templates.description')}
        actions={
          <>
            <ButtonLink to={paths.rooms} variant="ghost">
              {t('room.allRooms')}
            </ButtonLink>
            {isAdmin && (
              <Button disabled={!online} onClick={() => setCreating(true)}>
                {t('templates.new')}
              </Button>
            )}
          </>
        }
      />

      <div role="group" aria-label={t('templates.typeFilter')} className="mb-4 inline-flex rounded-lg bg-stone-100 p-1 ring-1 ring-stone-200">
        {(['SubGrid', 'Grid'] as const).map((x) => (
          <button
            key={x}
            type="button"
            aria-pressed={type === x}
            onClick={() => setType(x)}
            className={cn(
              'min-h-11 rounded-md px-4 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-brand-600',
              type === x ? 'bg-white text-brand-800 shadow-sm ring-1 ring-stone-200' : 'text-stone-700 hover:text-stone-900',
            )}
          >
            {t(`templates.tab.${x}`)}
          </button>
        ))}
      </div>
      <p className="-mt-1 mb-4 max-w-2xl text-sm text-stone-600">{t(type === 'Grid' ? 'templates.gridHint' : 'templates.subGridHint')}</p>

      {templates.isPending ? (
        <LoadingState />
      ) : templates.isError ? (
        <ErrorState error={templates.error} onRetry={() => void templates.refetch()} />
      ) : sorted.length === 0 ? (
        <EmptyState
          icon={<Icon name="grid" className="size-10" />}
          title={t(`templates.empty.${type}`)}
          description={isAdmin ? t('templates.empty.adminBody') : t('templates.empty.body')}
          action={
            isAdmin && (
              <Button disabled={!online} onClick={() => setCreating(true)}>
                {t('templates.new')}
              </Button>
            )
          }
        />
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label={t(`templates.type.${type}`)}>
          {sorted.map((x) => (
            <TemplateCard key={x.template_id} template={x} canDelete={isAdmin} onUse={() => setUsing(x)} onDelete={() => setToDelete(x)} />
          ))}
        </ul>
      )}

      <Dialog open={creating} onClose={() => setCreating(false)} title={t('templates.new')} description={t('templates.newDescription')}>
        {creating && (
          <TemplateForm
            companyId={companyId}
            initialType={type}
            onCancel={() => setCreating(false)}
            onCreated={(tpl) => {
              toast.success(t('templates.created', { name: tpl.template_name }));
              setCreating(false);
              if (tpl.template_type !== type) setType(tpl.template_type);
            }}
          />
        )}
      </Dialog>

      <Dialog
        open={using !== null}
        onClose={() => setUsing(null)}
        title={t('templates.fill.title', { name: using?.template_name ?? '' })}
        description={t('templates.fill.description', { nx: using?.columns ?? 0, ny: using?.rows ?? 0 })}
      >
        {using && (
          <FillBoxForm
            template={using}
            onCancel={() => setUsing(null)}
            onDone={({ count, box }) => {
              toast.success(t('templates.fill.done', { count, box }));
              setUsing(null);
            }}
          />
        )}
      </Dialog>

      <ConfirmDialog
        open={toDelete !== null}
        destructive
        title={t('templates.deleteTitle', { name: toDelete?.template_name ?? '' })}
        description={t('templates.deleteBody')}
        confirmLabel={t('templates.deleteConfirm')}
        loading={del.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() =>
          toDelete &&
          del.mutate(toDelete, {
            onSuccess: () => {
              toast.success(t('templates.deleted', { name: toDelete.template_name }));
              setToDelete(null);
            },
            onError: (err) => toast.danger(errorMessage(err)),
          })
        }
      />
    </>
  );
}
