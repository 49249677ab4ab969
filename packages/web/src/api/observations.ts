import {
  formResponsesEndpoints,
  observationsEndpoints,
  observationsMessages as msg,
  OBSERVATIONS_LIMIT,
  unresolvedProblemsEndpoints,
  type ObservationStatus,
  type ProblemAction,
} from '@verdant/contract';
import { ApiError, toApiError } from './api-error';
import { callEndpoint } from './call-endpoint';

export interface ObservationFilters {
  status?: ObservationStatus;
  room_id?: number;
  problem?: string;
  start_date?: string;
  end_date?: string;
  limit?: number;
  offset?: number;
}

/** GET /get_problem_observations (Verdant extension): one page of the company's observations, newest first. */
export async function getProblemObservations(companyId: number | null | undefined, filters: ObservationFilters = {}) {
  if (!companyId) throw new ApiError('Company ID is required');
  try {
    return await callEndpoint(observationsEndpoints.getProblemObservations, {
      company_id: companyId,
      limit: OBSERVATIONS_LIMIT,
      offset: 0,
      ...filters,
    });
  } catch (err) {
    const e = toApiError(err);
    throw e.fromServer ? e : new ApiError(msg.fetchFailed, { status: e.status, cause: err });
  }
}

/** POST /manage_problem: problemID (the observation id), action resolve/dismiss/reopen, userID (who acts). */
export function manageProblem(observationId: number, action: ProblemAction, userId: number) {
  return callEndpoint(unresolvedProblemsEndpoints.manageProblem, { problemID: observationId, action, userID: userId });
}

/** GET /get_field_responses?response_id: the answers of the response an observation came from. */
export function getFieldResponses(responseId: number) {
  return callEndpoint(formResponsesEndpoints.getFieldResponses, { response_id: responseId });
}
