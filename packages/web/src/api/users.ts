import { usersEndpoints, usersMessages } from '@verdant/contract';
import { errorMessage } from './api-error';
import { callEndpoint } from './call-endpoint';

/** GET /load_users?company_id[&user_id]. */
export async function loadUsers(companyId: number, userId?: number) {
  const res = await callEndpoint(usersEndpoints.loadUsers, { company_id: companyId, user_id: userId });
  return res.users;
}

/** GET /threshold?user_id: the user's threshold, null until set. */
export async function getThreshold(userId: number) {
  const res = await callEndpoint(usersEndpoints.getThreshold, { user_id: userId });
  return res.threshold;
}

/**
 * POST /threshold (JSON user_id, threshold). Per spec a non-success answer and a failure are only
 * logged; the boolean lets a form tell the user whether it was saved.
 */
export async function updateThreshold(userId: number, threshold: number): Promise<boolean> {
  try {
    await callEndpoint(usersEndpoints.setThreshold, { user_id: userId, threshold });
    return true;
  } catch (err) {
    console.error(usersMessages.thresholdFailed, errorMessage(err));
    return false;
  }
}

/** PUT /update_location (user_id, location in the body). */
export async function updateLocation(userId: number, location: string) {
  const res = await callEndpoint(usersEndpoints.updateLocation, { user_id: userId, location });
  return res.message;
}
