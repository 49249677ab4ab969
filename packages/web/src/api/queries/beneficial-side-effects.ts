import { queryOptions } from '@tanstack/react-query';
import { getBeneficialSideEffects } from '../beneficial-side-effects';

/** The side-effect table's key; a save or delete invalidates it. */
export const sideEffectKeys = { all: (companyId: number) => ['beneficial-side-effects', companyId] as const };

/** What each product does to each beneficial species, and for how many days. */
export const sideEffectsQuery = (companyId: number) =>
  queryOptions({ queryKey: sideEffectKeys.all(companyId), queryFn: () => getBeneficialSideEffects(companyId) });
