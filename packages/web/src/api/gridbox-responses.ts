import { formResponsesEndpoints, stickyTrapsEndpoints } from '@verdant/contract';
import { callEndpoint } from './call-endpoint';

/** GET /get_field_responses_by_gridbox?GridBoxID: the box's responses with their answers, newest first. */
export function getFieldResponsesByGridbox(gridBoxId: number, limit = 10, offset = 0) {
  return callEndpoint(formResponsesEndpoints.getFieldResponsesByGridbox, { GridBoxID: gridBoxId, limit, offset });
}

/** GET /get_field_responses_by_gridbox_date/stickytraps?GridBoxID&start_date&end_date: readings oldest first. */
export async function getStickyTrapHistory(gridBoxId: number, startDate: string, endDate: string) {
  return (
    await callEndpoint(stickyTrapsEndpoints.getStickyTrapResponsesByGridboxDate, { GridBoxID: gridBoxId, start_date: startDate, end_date: endDate })
  ).responses;
}
