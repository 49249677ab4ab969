import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PlantProblem, ProblemColorMapping } from '@verdant/contract';
import { Button, EmptyState, ErrorState, Input, LoadingState, Select } from '../../../components/ui';
import { Icon } from '../../../components/icons';
import { cn } from '../../../lib/cn';
import { colorSymptomsQuery, filteredProblemIdsQuery, symptomGroupsQuery } from '../../../api/queries/plant-problems';
import { colorOf } from '../../../api/problem-color-mappings';
import { categoriesOf, filterProblems } from '../lib/filter-problems';
import { ColorSwatch } from './color-swatch';
import { ProblemCard } from './problem-card';

const num = (v: string | null) => (v && /^\d+$/.test(v) ? Number(v) : undefined);

/** Filters live in the address: a filtered list can be shared and survives going to a problem and back. */
function useLibraryParams() {
  const [params, setParams] = useSearchParams();
  const update = (changes: Record<string, string | undefined>) =>
    setParams(
      (p) => {
        for (const [k, v] of Object.entries(changes)) {
          if (v) p.set(k, v);
          else p.delete(k);
        }
        return p;
      },
      { replace: true },
    );
  return {
    q: params.get('q') ?? '',
    category: params.get('category') ?? '',
    group: num(params.get('group')),
    symptom: num(params.get('symptom')),
    colour: num(params.get('colour')),
    update,
  };
}

export interface LibraryTabProps {
  companyId: number;
  problems: PlantProblem[];
  colors?: Map<string, ProblemColorMapping>;
}

export function LibraryTab({ companyId, problems, colors }: LibraryTabProps) {
  const { t } = useTranslation('plant-problems');
  const p = useLibraryParams();
  const groups = useQuery(symptomGroupsQuery(companyId));
  const colourSymptoms = useQuery(colorSymptomsQuery(companyId));
  const bySymptom = useQuery(filteredProblemIdsQuery(companyId, p.group, p.symptom));
  const symptomFiltered = p.group !== undefined || p.symptom !== undefined;

  const group = groups.data?.find((g) => g.symptom_group_id === p.group);
  const symptomOptions = group
    ? group.symptoms.map((s) => ({ value: String(s.symptom_id), label: s.name }))
    : (groups.data ?? []).flatMap((g) => g.symptoms.map((s) => ({ value: String(s.symptom_id), label: `${g.name} · ${s.name}` })));

  const shown = filterProblems(problems, {
    search: p.q,
    category: p.category,
    colorSymptomId: p.colour,
    allowedIds: symptomFiltered ? bySymptom.data : undefined,
  });
  const filtered = Boolean(p.q || p.category || symptomFiltered || p.colour !== undefined);
  const clear = () => p.update({ q: undefined, category: undefined, group: undefined, symptom: undefined, colour: undefined });

  return (
    <>
      <form
        role="search"
        aria-label={t('filters.label')}
        onSubmit={(e) => e.preventDefault()}
        className="mb-4 flex flex-col gap-3 rounded-xl border border-stone-200 bg-white p-4 shadow-xs"
      >
        <Input
          label={t('filters.search')}
          type="search"
          value={p.q}
          placeholder={t('filters.searchPlaceholder')}
          onChange={(e) => p.update({ q: e.target.value || undefined })}
        />
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <Select
            label={t('filters.category')}
            value={p.category}
            onChange={(e) => p.update({ category: e.target.value || undefined })}
            options={[
              { value: '', label: t('filters.allCategories') },
              ...categoriesOf(problems).map((c) => ({ value: c, label: t(`category.${c}`, { defaultValue: c }) })),
            ]}
          />
          <Select
            label={t('filters.symptomGroup')}
            value={p.group ? String(p.group) : ''}
            disabled={!groups.data}
            onChange={(e) => p.update({ group: e.target.value || undefined, symptom: undefined })}
            options={[
              { value: '', label: groups.isError ? t('filters.unavailable') : t('filters.allGroups') },
              ...(groups.data ?? []).map((g) => ({ value: String(g.symptom_group_id), label: g.name })),
            ]}
          />
          <Select
            label={t('filters.symptom')}
            value={p.symptom ? String(p.symptom) : ''}
            disabled={!groups.data}
            onChange={(e) => p.update({ symptom: e.target.value || undefined })}
            options={[{ value: '', label: t('filters.anySymptom') }, ...symptomOptions]}
          />
        </div>
        {colourSymptoms.data && colourSymptoms.data.length > 0 && (
          <fieldset>
            <legend className="mb-1.5 text-sm font-medium text-stone-800">{t('filters.colorSymptom')}</legend>
            <div className="flex flex-wrap gap-2">
              {colourSymptoms.data.map((c) => {
                const on = p.colour === c.color_symptom_id;
                return (
                  <button
                    key={c.color_symptom_id}
                    type="button"
                    aria-pressed={on}
                    onClick={() => p.update({ colour: on ? undefined : String(c.color_symptom_id) })}
                    className={cn(
                      'inline-flex min-h-11 items-center gap-2 rounded-full px-3 text-sm ring-1 ring-inset transition-colors focus-visible:outline-2 focus-visible:outline-brand-600',
                      on ? 'bg-brand-50 font-semibold text-brand-900 ring-brand-600' : 'bg-white text-stone-800 ring-stone-300 hover:bg-stone-100',
                    )}
                  >
                    <ColorSwatch color={c.hex} size="sm" />
                    {c.name}
                  </button>
                );
              })}
            </div>
          </fieldset>
        )}
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-stone-700" aria-live="polite">
            {bySymptom.isFetching ? t('filters.filtering') : t('filters.count', { shown: shown.length, total: problems.length })}
          </p>
          {filtered && (
            <Button variant="ghost" onClick={clear}>
              {t('filters.clear')}
            </Button>
          )}
        </div>
      </form>

      {symptomFiltered && bySymptom.isError ? (
        <ErrorState error={bySymptom.error} onRetry={() => void bySymptom.refetch()} />
      ) : symptomFiltered && bySymptom.isPending ? (
        <LoadingState />
      ) : problems.length === 0 ? (
        <EmptyState icon={<Icon name="problems" className="size-10" />} title={t('library.emptyTitle')} description={t('library.emptyBody')} />
      ) : shown.length === 0 ? (
        <EmptyState
          icon={<Icon name="problems" className="size-10" />}
          title={t('library.noMatchTitle')}
          description={t('library.noMatchBody')}
          action={
            <Button variant="secondary" onClick={clear}>
              {t('filters.clear')}
            </Button>
          }
        />
      ) : (
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3" aria-label={t('library.listLabel')}>
          {shown.map((problem) => (
            <ProblemCard key={problem.problem_id} problem={problem} mapping={colorOf(colors, problem.name)} />
          ))}
        </ul>
      )}
    </>
  );
}
