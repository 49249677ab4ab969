import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { problemAbbreviation, type PlantProblem, type ProblemColorMapping } from '@verdant/contract';
import { Badge } from '../../../components/ui';
import { ColorSwatch } from './color-swatch';
import { paths } from '../../../lib/paths';

/** One problem in the library: the company's map colour (else the library's), kind, symptoms at a glance. */
export function ProblemCard({ problem, mapping }: { problem: PlantProblem; mapping?: ProblemColorMapping }) {
  const { t } = useTranslation('plant-problems');
  const color = mapping?.Color || problem.default_color;
  return (
    <li>
      <Link
        to={paths.plantProblem(problem.problem_id)}
        className="flex h-full flex-col gap-3 rounded-xl border border-stone-200 bg-white p-4 shadow-xs transition-colors hover:border-brand-300 hover:bg-brand-50/30 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <div className="flex items-start gap-3">
          <ColorSwatch color={color} abbreviation={problemAbbreviation(problem.name, mapping?.Abbreviation)} />
          <div className="min-w-0 flex-1">
            <h2 className="font-semibold text-stone-900">{problem.display_name}</h2>
            <div className="mt-1 flex flex-wrap gap-1.5">
              <Badge>{t(`category.${problem.category}`, { defaultValue: problem.category })}</Badge>
              {problem.company_id !== null && <Badge tone="brand">{t('card.own')}</Badge>}
              {problem.eppo_code && <Badge tone="neutral">{t('card.eppo', { code: problem.eppo_code })}</Badge>}
              {problem.custom_solutions.length > 0 && (
                <Badge tone="info">{t('card.ourSolutions', { count: problem.custom_solutions.length })}</Badge>
              )}
            </div>
          </div>
        </div>
        <p className="line-clamp-3 text-sm text-stone-700">{problem.symptoms_text || problem.description}</p>
        <p className="mt-auto text-xs text-stone-600">
          {mapping ? t('card.mapped', { color: mapping.Color }) : color ? t('card.libraryColor', { color }) : t('card.noColor')}
        </p>
        {problem.color_symptoms.length > 0 && (
          <ul className="flex flex-wrap gap-1.5" aria-label={t('card.colorSymptoms')}>
            {problem.color_symptoms.map((c) => (
              <li key={c.color_symptom_id} className="inline-flex items-center gap-1 text-xs text-stone-700">
                <ColorSwatch color={c.hex} size="sm" />
                {c.name}
              </li>
            ))}
          </ul>
        )}
      </Link>
    </li>
  );
}
