import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ADMIN_ROLES } from '@verdant/contract';
import { ErrorState, LoadingState, PageHeader } from '../../../components/ui';
import { cn } from '../../../lib/cn';
import { useAuth } from '../../../state/hooks';
import { plantProblemsQuery } from '../../../api/queries/plant-problems';
import { useProblemColors } from '../../../api/queries/problem-colors';
import { ColorMappingsTab } from './color-mappings-tab';
import { LibraryTab } from './library-tab';

const TABS = ['library', 'colors'] as const;
type Tab = (typeof TABS)[number];

/** plantsProblems: the problem library with search and symptom filters, and the company's map colours. */
export default function PlantProblemsPage() {
  const { t } = useTranslation('plant-problems');
  const { companyID, userRole } = useAuth();
  const companyId = companyID ?? 0;
  const canEdit = userRole !== null && ADMIN_ROLES.includes(userRole);
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'colors' ? 'colors' : 'library';
  const problems = useQuery({ ...plantProblemsQuery(companyId), enabled: Boolean(companyID) });
  const colors = useProblemColors(companyId);

  const select = (next: Tab) =>
    setParams(
      (p) => {
        if (next === 'library') p.delete('tab');
        else p.set('tab', next);
        return p;
      },
      { replace: true },
    );

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <div role="tablist" aria-label={t('tabs.label')} className="mb-4 flex gap-1 border-b border-stone-200">
        {TABS.map((id) => (
          <button
            key={id}
            id={`pp-tab-${id}`}
            type="button"
            role="tab"
            aria-selected={tab === id}
            aria-controls={`pp-panel-${id}`}
            tabIndex={tab === id ? 0 : -1}
            onClick={() => select(id)}
            onKeyDown={(e) => {
              if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
                const next = TABS[(TABS.indexOf(id) + 1) % TABS.length]!;
                select(next);
                document.getElementById(`pp-tab-${next}`)?.focus();
              }
            }}
            className={cn(
              '-mb-px min-h-11 border-b-2 px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-brand-600',
              tab === id ? 'border-brand-700 text-brand-800' : 'border-transparent text-stone-600 hover:text-stone-900',
            )}
          >
            {t(`tabs.${id}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`pp-panel-${tab}`} aria-labelledby={`pp-tab-${tab}`}>
        {problems.isPending ? (
          <LoadingState />
        ) : problems.isError ? (
          <ErrorState error={problems.error} onRetry={() => void problems.refetch()} />
        ) : tab === 'library' ? (
          <LibraryTab companyId={companyId} problems={problems.data} colors={colors.data?.byProblem} />
        ) : (
          <ColorMappingsTab companyId={companyId} problems={problems.data} canEdit={canEdit} />
        )}
      </div>
    </>
  );
}
