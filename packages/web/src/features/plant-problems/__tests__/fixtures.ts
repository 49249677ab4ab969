import type { PlantProblem, ProblemColorMapping } from '@verdant/contract';

const LABEL = 'Follow the label and local regulations; check crop safety and compatibility with released biocontrols, and rotate modes of action (IRAC/FRAC groups).';

export function makeProblem(id: number, name: string, more: Partial<PlantProblem> = {}): PlantProblem {
  return {
    problem_id: id,
    company_id: null,
    slug: name.toLowerCase().replace(/\W+/g, '-'),
    name,
    display_name: name,
    category: 'insect',
    category_label: 'insect',
    description: `${name} description`,
    symptoms_text: `${name} symptoms`,
    symptoms: [],
    color_symptoms: [],
    default_color: '#F57C00',
    solutions: {
      cultural: [`Scout ${name} weekly`],
      biological: [`Release predators against ${name}`],
      chemical: [`Spray for ${name} where registered`, LABEL],
    },
    custom_solutions: [],
    ...more,
  };
}

export const thrips = makeProblem(1, 'Western flower thrips', {
  symptoms: [{ symptom_id: 11, symptom_group_id: 1, name: 'Silvery streaks or scars with black specks' }],
  color_symptoms: [{ color_symptom_id: 5, name: 'Silvering', hex: '#C0C0C0' }],
  custom_solutions: [
    { solution_id: 90, problem_id: 1, custom_solution: 'Swirskii sachets every 2 weeks', created_by: 7, created_by_name: 'Ada Grower', created_at: '2026-02-01T10:00:00.000Z' },
  ],
});
export const mildew = makeProblem(2, 'Powdery mildew', {
  category: 'fungal',
  default_color: '#9E9E9E',
  description: 'A fungus with a white coating',
  symptoms: [{ symptom_id: 21, symptom_group_id: 1, name: 'White powdery coating' }],
});
export const aphid = makeProblem(3, 'Green peach aphid', { symptoms_text: 'Sticky honeydew and curled leaves' });
export const library = [thrips, mildew, aphid];

export const mapping = (problem: string, color: string, abbreviation: string, id = 1): ProblemColorMapping => ({
  id,
  CompanyID: 3,
  Problem: problem,
  Color: color,
  Abbreviation: abbreviation,
  updated_at: '2026-02-01T10:00:00.000Z',
});

export const symptomGroups = [
  {
    symptom_group_id: 1,
    name: 'Leaves',
    description: 'What the leaves show',
    symptoms: [
      { symptom_id: 11, name: 'Silvery streaks or scars with black specks' },
      { symptom_id: 21, name: 'White powdery coating' },
    ],
  },
  { symptom_group_id: 2, name: 'Roots', description: 'Roots', symptoms: [{ symptom_id: 31, name: 'Brown roots' }] },
];
export const colorSymptoms = [
  { color_symptom_id: 5, name: 'Silvering', hex: '#C0C0C0' },
  { color_symptom_id: 6, name: 'Yellowing', hex: '#FFEB3B' },
];
