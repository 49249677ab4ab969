import { useQuery } from '@tanstack/react-query';
import { DEFAULT_AI_MODEL } from '@verdant/contract';
import { useAuth } from '../../state/hooks';
import { aiModelQuery } from './company-settings';

/**
 * The selected scan model: plantDiseaseRecognition until the company's ai_model arrives; a failed
 * fetch keeps the default (the failure is logged by the API function).
 */
export function useAiModel(): string {
  const { companyID } = useAuth();
  const query = useQuery({ ...aiModelQuery(companyID ?? 0), enabled: Boolean(companyID), retry: 1 });
  return query.data || DEFAULT_AI_MODEL;
}
