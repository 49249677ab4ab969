import { useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ADMIN_ROLES, CUSTOM_SOLUTION_MAX, problemAbbreviation, type PlantProblem, type ProblemColorMapping } from '@verdant/contract';
import { Alert, Badge, Button, ButtonLink, Card, ConfirmDialog, EmptyState, ErrorState, LoadingState, PageHeader, Textarea, useToast } from '../../../components/ui';
import { errorMessage } from '../../../api/api-error';
import { useAuth } from '../../../state/hooks';
import { plantProblemsQuery } from '../../../api/queries/plant-problems';
import { colorOf } from '../../../api/problem-color-mappings';
import { useProblemColors } from '../../../api/queries/problem-colors';
import { useAddCustomSolution } from '../api/use-plant-problems';
import { useDeleteProblemColor, useMapProblemColor, type ColorMappingDraft } from '../api/use-color-mappings';
import { isLabelNote } from '../lib/filter-problems';
import { ColorMappingForm } from './color-mapping-form';
import { ColorSwatch } from './color-swatch';
import { EppoCodeCard } from './eppo-code-card';
import { paths } from '../../../lib/paths';
import { useFormatDay } from '../../../lib/format-date';
import { useTextDraft } from '../../../lib/use-text-draft';

const GROUPS = ['cultural', 'biological', 'chemical'] as const;

function SolutionGroup({ kind, items }: { kind: (typeof GROUPS)[number]; items: string[] }) {
  const { t } = useTranslation('plant-problems');
  const lines = kind === 'chemical' ? items.filter((l) => !isLabelNote(l)) : items;
  return (
    <Card as="section" title={t(`solutions.${kind}`)} description={t(`solutions.${kind}Hint`)}>
      {kind === 'chemical' && (
        <Alert tone="warning" className="mb-3">
          {t('solutions.labelNote')}
        </Alert>
      )}
      {lines.length === 0 ? (
        <p className="text-sm text-stone-600">{t('solutions.none')}</p>
      ) : (
        <ul className="flex list-disc flex-col gap-2 pl-5 text-sm text-stone-800">
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function MapColourCard({ companyId, problem, mapping, canEdit }: { companyId: number; problem: PlantProblem; mapping?: ProblemColorMapping; canEdit: boolean }) {
  const { t } = useTranslation('plant-problems');
  const toast = useToast();
  const save = useMapProblemColor(companyId);
  const remove = useDeleteProblemColor(companyId);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const color = mapping?.Color ?? problem.default_color;
  const initial: ColorMappingDraft = {
    problem: mapping?.Problem ?? problem.name,
    color: mapping?.Color ?? problem.default_color ?? '#2E7D32',
    abbreviation: problemAbbreviation(problem.name, mapping?.Abbreviation),
  };
  const onSave = (d: ColorMappingDraft) =>
    save.mutate(d, {
      onSuccess: (res) => {
        toast.success(res.message);
        setEditing(false);
      },
    });
  const onRemove = () =>
    remove.mutate(mapping!.Problem, {
      onSuccess: (res) => toast.success(res.message),
      onError: (err) => toast.danger(errorMessage(err)),
      onSettled: () => setConfirming(false),
    });

  return (
    <Card
      title={t('detail.mapColour')}
      description={t('detail.mapColourHint')}
      actions={
        canEdit &&
        !editing && (
          <>
            <Button variant="secondary" onClick={() => setEditing(true)}>
              {mapping ? t('actions.edit') : t('detail.setColour')}
            </Button>
            {mapping && (
              <Button variant="ghost" onClick={() => setConfirming(true)}>
                {t('actions.remove')}
              </Button>
            )}
          </>
        )
      }
    >
      {editing ? (
        <ColorMappingForm
          initial={initial}
          saving={save.isPending}
          error={save.error}
          onSave={onSave}
          onCancel={() => {
            setEditing(false);
            save.reset();
          }}
        />
      ) : (
        <div className="flex items-center gap-3">
          <ColorSwatch color={color} abbreviation={mapping?.Abbreviation} size="lg" />
          <div className="text-sm">
            <p className="font-medium text-stone-900">
              {mapping ? t('detail.companyColour', { color: mapping.Color }) : color ? t('detail.libraryColour', { color }) : t('card.noColor')}
            </p>
            <p className="text-stone-600">
              {mapping?.Abbreviation ? t('detail.abbreviation', { abbreviation: mapping.Abbreviation }) : t('detail.noAbbreviation')}
            </p>
            {!canEdit && <p className="mt-1 text-stone-600">{t('detail.adminsOnly')}</p>}
          </div>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        destructive
        loading={remove.isPending}
        title={t('colors.removeTitle', { problem: problem.display_name })}
        description={t('colors.removeBody', { problem: problem.display_name })}
        confirmLabel={t('actions.remove')}
        onConfirm={onRemove}
        onCancel={() => setConfirming(false)}
      />
    </Card>
  );
}

function OurSolutions({ companyId, problem, canEdit }: { companyId: number; problem: PlantProblem; canEdit: boolean }) {
  const { t } = useTranslation('plant-problems');
  const toast = useToast();
  const formatDate = useFormatDay();
  const add = useAddCustomSolution(companyId, problem.problem_id);
  const { text, setText, blank, tried, submit } = useTextDraft((value, done) =>
    add.mutate(value, {
      onSuccess: (res) => {
        toast.success(res.message);
        done();
      },
    }),
  );
  return (
    <Card title={t('custom.title')} description={t('custom.description')}>
      {problem.custom_solutions.length === 0 ? (
        <p className="text-sm text-stone-600">{canEdit ? t('custom.emptyAdmin') : t('custom.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {problem.custom_solutions.map((s) => (
            <li key={s.solution_id} className="rounded-lg border border-brand-200 bg-brand-50/40 p-3">
              <p className="whitespace-pre-line text-sm text-stone-900">{s.custom_solution}</p>
              <p className="mt-1 text-xs text-stone-600">
                {t('custom.by', { name: s.created_by_name ?? t('custom.someone'), date: formatDate(s.created_at) })}
              </p>
            </li>
          ))}
        </ul>
      )}
      {canEdit && (
        <form onSubmit={submit} noValidate className="mt-4 flex flex-col gap-3 border-t border-stone-200 pt-4">
          <Textarea
            label={t('custom.field')}
            value={text}
            rows={3}
            maxLength={CUSTOM_SOLUTION_MAX}
            hint={t('custom.hint')}
            error={tried && blank ? t('custom.required') : add.isError ? errorMessage(add.error) : undefined}
            onChange={(e) => setText(e.target.value)}
          />
          <div>
            <Button type="submit" loading={add.isPending}>
              {t('custom.add')}
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h3 className="mb-1.5 text-sm font-semibold text-stone-900">{title}</h3>
      {children}
    </div>
  );
}

/** plantsProblems/{problemID}: what the problem is, how to recognise it, what to do, and its map colour. */
export default function ProblemDetailPage() {
  const { t } = useTranslation('plant-problems');
  const { problemID } = useParams();
  const { companyID, userRole } = useAuth();
  const companyId = companyID ?? 0;
  const canEdit = userRole !== null && ADMIN_ROLES.includes(userRole);
  const problems = useQuery({ ...plantProblemsQuery(companyId), enabled: Boolean(companyID) });
  const colors = useProblemColors(companyId);
  const back = (
    <ButtonLink to={paths.plantsProblems} variant="ghost">
      {t('detail.back')}
    </ButtonLink>
  );

  if (problems.isPending) return <LoadingState />;
  if (problems.isError) return <ErrorState error={problems.error} onRetry={() => void problems.refetch()} />;
  const problem = problems.data.find((p) => String(p.problem_id) === problemID);
  if (!problem) {
    return <EmptyState title={t('detail.notFoundTitle')} description={t('detail.notFoundBody')} action={back} />;
  }
  const mapping = colorOf(colors.data?.byProblem, problem.name);
  const symptomsByGroup = new Map<number, string[]>();
  for (const s of problem.symptoms) symptomsByGroup.set(s.symptom_group_id, [...(symptomsByGroup.get(s.symptom_group_id) ?? []), s.name]);

  return (
    <>
      <PageHeader
        title={
          <span className="flex items-center gap-3">
            <ColorSwatch color={mapping?.Color ?? problem.default_color} abbreviation={problemAbbreviation(problem.name, mapping?.Abbreviation)} />
            {problem.display_name}
          </span>
        }
        description={
          <span className="flex flex-wrap gap-1.5">
            <Badge>{t(`category.${problem.category}`, { defaultValue: problem.category })}</Badge>
            {problem.company_id !== null && <Badge tone="brand">{t('card.own')}</Badge>}
          </span>
        }
        actions={back}
      />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="flex min-w-0 flex-col gap-4">
          <Card title={t('detail.about')}>
            <div className="flex flex-col gap-4 text-sm text-stone-800">
              <Section title={t('detail.description')}>
                <p>{problem.description || '—'}</p>
              </Section>
              <Section title={t('detail.symptoms')}>
                <p>{problem.symptoms_text || '—'}</p>
                {problem.symptoms.length > 0 && (
                  <ul className="mt-2 flex flex-wrap gap-1.5" aria-label={t('detail.symptomList')}>
                    {[...symptomsByGroup.values()].flat().map((name) => (
                      <li key={name}>
                        <Badge>{name}</Badge>
                      </li>
                    ))}
                  </ul>
                )}
              </Section>
              {problem.color_symptoms.length > 0 && (
                <Section title={t('detail.colorSymptoms')}>
                  <ul className="flex flex-wrap gap-3">
                    {problem.color_symptoms.map((c) => (
                      <li key={c.color_symptom_id} className="inline-flex items-center gap-1.5">
                        <ColorSwatch color={c.hex} size="sm" />
                        {c.name}
                      </li>
                    ))}
                  </ul>
                </Section>
              )}
            </div>
          </Card>
          <h2 className="mt-2 text-lg font-semibold text-stone-900">{t('solutions.title')}</h2>
          {GROUPS.map((g) => (
            <SolutionGroup key={g} kind={g} items={problem.solutions[g]} />
          ))}
        </div>
        <div className="flex min-w-0 flex-col gap-4">
          <MapColourCard companyId={companyId} problem={problem} mapping={mapping} canEdit={canEdit} />
          <EppoCodeCard companyId={companyId} problem={problem} canEdit={canEdit} />
          <OurSolutions companyId={companyId} problem={problem} canEdit={canEdit} />
        </div>
      </div>
    </>
  );
}
