import { describe, expect, it } from 'vitest';
import { problemFallbackColor, type PlantProblem, type ProblemColorMapping } from '@verdant/contract';
import { problemLook } from '../problem-look';

const libraryProblem = (over: Partial<PlantProblem>): PlantProblem => ({
  problem_id: 1,
  company_id: null,
  slug: 'western-flower-thrips',
  name: 'Western flower thrips',
  display_name: 'Trips occidental de las flores',
  category: 'insect',
  category_label: 'Insecto',
  description: '',
  symptoms_text: '',
  symptoms: [],
  color_symptoms: [],
  default_color: '#FF9900',
  solutions: { biological: [], chemical: [], cultural: [] },
  custom_solutions: [],
  ...over,
});

const mapping = (problem: string, color: string): ProblemColorMapping => ({ id: 1, CompanyID: 1, Problem: problem, Color: color, Abbreviation: 'WFT', updated_at: '2026-11-29T00:00:00.000Z' });

describe('problemLook', () => {
  const library = [libraryProblem({}), libraryProblem({ problem_id: 2, slug: 'two-spotted-spider-mite', name: 'Two-spotted spider mite', display_name: 'Araña roja', default_color: '#DD3333' })];

  it('names a library problem in the reader’s language, any case, and leaves a typed one as written', () => {
    const look = problemLook(library, []);
    expect(look.name('western flower thrips ')).toBe('Trips occidental de las flores');
    expect(look.name('Two-spotted spider mite')).toBe('Araña roja');
    expect(look.name('Odd spots')).toBe('Odd spots');
  });

  it('colours by the company’s mapping, else the library colour, else the stable fallback', () => {
    const look = problemLook(library, [mapping('WESTERN FLOWER THRIPS', '#123456')]);
    expect(look.colour('Western flower thrips')).toBe('#123456');
    expect(look.colour('Two-spotted spider mite')).toBe('#DD3333');
    expect(look.colour('Odd spots')).toBe(problemFallbackColor('Odd spots'));
  });

  it('before the reads answer: the stored name and the fallback colour', () => {
    const look = problemLook(undefined, undefined);
    expect(look.name('Western flower thrips')).toBe('Western flower thrips');
    expect(look.colour('Western flower thrips')).toBe(problemFallbackColor('Western flower thrips'));
  });
});
