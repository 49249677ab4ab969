import { queryOptions } from '@tanstack/react-query';
import { getAiModelRecipe } from '../scan-models';
import { offlineRead } from '../offline-read';

export const scanModelKeys = {
  all: (companyId: number) => ['scan-models', companyId] as const,
  recipe: (companyId: number, name: string) => [...scanModelKeys.all(companyId), 'recipe', name] as const,
};

/** How the phone runs an offered ONNX classifier; kept on the device so an offline scan can still run it. */
export const aiModelRecipeQuery = (companyId: number, name: string) =>
  queryOptions({
    queryKey: scanModelKeys.recipe(companyId, name),
    queryFn: ({ queryKey }) => offlineRead(companyId, queryKey, () => getAiModelRecipe(companyId, name)),
    networkMode: 'always',
    staleTime: 5 * 60_000,
  });
