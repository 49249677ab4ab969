import { companyTimeZoneEndpoints as ep } from '@verdant/contract';
import { callEndpoint } from './call-endpoint';

/** GET /get_company_time_zone: the IANA zone recurring tasks and reminders are read in (UTC until set). */
export async function getCompanyTimeZone(companyId: number) {
  return (await callEndpoint(ep.getCompanyTimeZone, { company_id: companyId })).time_zone;
}

/** POST /set_company_time_zone (Admin). */
export function setCompanyTimeZone(companyId: number, timeZone: string) {
  return callEndpoint(ep.setCompanyTimeZone, { company_id: companyId, time_zone: timeZone });
}
