import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { problemAbbreviation, type PlantProblem, type ProblemColorMapping } from '@verdant/contract';
import { Alert, Button, ConfirmDialog, Dialog, EmptyState, ErrorState, LoadingState, useToast } from '../../../components/ui';
import { errorMessage } from '../../../api/api-error';
import { useProblemColors } from '../../../api/queries/problem-colors';
import { useDeleteProblemColor, useMapProblemColor, type ColorMappingDraft } from '../api/use-color-mappings';
import { ColorMappingForm } from './color-mapping-form';
import { ColorSwatch } from './color-swatch';

type Editing = { mode: 'add' } | { mode: 'edit'; mapping: ProblemColorMapping } | null;

/** plantsProblems?tab=colors: the company's colour key for the room map; Admins change it, everyone reads it. */
export function ColorMappingsTab({ companyId, problems, canEdit }: { companyId: number; problems: PlantProblem[]; canEdit: boolean }) {
  const { t } = useTranslation('plant-problems');
  const toast = useToast();
  const colors = useProblemColors(companyId);
  const save = useMapProblemColor(companyId);
  const remove = useDeleteProblemColor(companyId);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<ProblemColorMapping | null>(null);
  const libraryColor = (name: string) => problems.find((p) => p.name.toLowerCase() === name.toLowerCase())?.default_color ?? null;

  const close = () => {
    setEditing(null);
    save.reset();
  };
  const onSave = (d: ColorMappingDraft) =>
    save.mutate(d, {
      onSuccess: (res) => {
        toast.success(res.message);
        close();
      },
    });
  const onDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.Problem, {
      onSuccess: (res) => {
        toast.success(res.message);
        setDeleting(null);
      },
      onError: (err) => {
        toast.danger(errorMessage(err));
        setDeleting(null);
      },
    });
  };

  const initial: ColorMappingDraft =
    editing?.mode === 'edit'
      ? { problem: editing.mapping.Problem, color: editing.mapping.Color, abbreviation: editing.mapping.Abbreviation }
      : { problem: '', color: '#2E7D32', abbreviation: '' };
  const mappings = colors.data?.mappings ?? [];

  return (
    <section aria-labelledby="colour-key-title">
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="colour-key-title" className="text-lg font-semibold text-stone-900">{t('colors.title')}</h2>
          <p className="max-w-2xl text-sm text-stone-600">{t('colors.description')}</p>
        </div>
        {canEdit && (
          <Button onClick={() => setEditing({ mode: 'add' })}>
            {t('colors.add')}
          </Button>
        )}
      </div>
      {!canEdit && <Alert className="mb-4">{t('colors.readOnly')}</Alert>}
      {colors.data?.fromCache && <Alert tone="warning" className="mb-4">{t('colors.fromCache')}</Alert>}

      {colors.isPending ? (
        <LoadingState />
      ) : colors.isError ? (
        <ErrorState error={colors.error} onRetry={() => void colors.refetch()} />
      ) : mappings.length === 0 ? (
        <EmptyState
          title={t('colors.emptyTitle')}
          description={canEdit ? t('colors.emptyBodyAdmin') : t('colors.emptyBody')}
          action={canEdit && <Button onClick={() => setEditing({ mode: 'add' })}>{t('colors.add')}</Button>}
        />
      ) : (
        <ul className="divide-y divide-stone-100 rounded-xl border border-stone-200 bg-white shadow-xs" aria-label={t('colors.listLabel')}>
          {mappings.map((m) => {
            const lib = libraryColor(m.Problem);
            return (
              <li key={m.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
                <ColorSwatch color={m.Color} abbreviation={m.Abbreviation} />
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-stone-900">{m.Problem}</p>
                  <p className="text-xs text-stone-600">
                    {m.Color}
                    {m.Abbreviation ? ` · ${m.Abbreviation}` : ''}
                    {lib && lib.toUpperCase() !== m.Color.toUpperCase() ? ` · ${t('colors.libraryWas', { color: lib })}` : ''}
                  </p>
                </div>
                {canEdit && (
                  <div className="flex gap-2">
                    <Button variant="secondary" onClick={() => setEditing({ mode: 'edit', mapping: m })} aria-label={t('colors.editOne', { problem: m.Problem })}>
                      {t('actions.edit')}
                    </Button>
                    <Button variant="ghost" onClick={() => setDeleting(m)} aria-label={t('colors.removeOne', { problem: m.Problem })}>
                      {t('actions.remove')}
                    </Button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}

      <Dialog open={editing !== null} onClose={close} title={editing?.mode === 'edit' ? t('colors.editTitle', { problem: editing.mapping.Problem }) : t('colors.addTitle')}>
        {editing && (
          <ColorMappingForm
            key={editing.mode === 'edit' ? editing.mapping.id : 'new'}
            initial={initial}
            editProblem={editing.mode === 'add'}
            problemNames={problems.map((p) => p.name)}
            saving={save.isPending}
            error={save.error}
            onSave={(d) => onSave(editing.mode === 'add' && !d.abbreviation ? { ...d, abbreviation: problemAbbreviation(d.problem) } : d)}
            onCancel={close}
          />
        )}
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        destructive
        loading={remove.isPending}
        title={t('colors.removeTitle', { problem: deleting?.Problem ?? '' })}
        description={t('colors.removeBody', { problem: deleting?.Problem ?? '' })}
        confirmLabel={t('actions.remove')}
        onConfirm={onDelete}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
