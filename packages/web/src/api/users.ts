import { usersEndpoints, usersMessages, type EndpointRequest, type Language, type UserLanguage } from '@verdant/contract';
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

/** GET /get_user_language?user_id: the user's own language (null follows the company), the company's, the one in effect. */
export async function getUserLanguage(userId: number): Promise<UserLanguage> {
  const { language, company_language, effective_language } = await callEndpoint(usersEndpoints.getUserLanguage, { user_id: userId });
  return { language, company_language, effective_language };
}

/** POST /set_user_language (JSON user_id, language; null follows the company's again). */
export async function setUserLanguage(userId: number, language: Language | null): Promise<UserLanguage> {
  const { language: own, company_language, effective_language } = await callEndpoint(usersEndpoints.setUserLanguage, { user_id: userId, language });
  return { language: own, company_language, effective_language };
}

/** POST /set_spray_licence: the user's plant-protection licence number (null clears it); answers the number kept. */
export async function setSprayLicence(userId: number, licence: string | null): Promise<string | null> {
  return (await callEndpoint(usersEndpoints.setSprayLicence, { user_id: userId, spray_licence_number: licence })).spray_licence_number;
}

/** PUT /update_location (user_id, location in the body). */
export async function updateLocation(userId: number, location: string) {
  const res = await callEndpoint(usersEndpoints.updateLocation, { user_id: userId, location });
  return res.message;
}

export type UpdateUserRoleInput = EndpointRequest<typeof usersEndpoints.updateUserRole>;
export type SetUserActiveInput = EndpointRequest<typeof usersEndpoints.setUserActive>;

/** POST /update_user_role (JSON company_id, user_id, user_role): the server's message and the updated user. */
export async function updateUserRole(input: UpdateUserRoleInput) {
  return callEndpoint(usersEndpoints.updateUserRole, input);
}

/** POST /set_user_active (JSON company_id, user_id, active): deactivating ends the user's sessions. */
export async function setUserActive(input: SetUserActiveInput) {
  return callEndpoint(usersEndpoints.setUserActive, input);
}
