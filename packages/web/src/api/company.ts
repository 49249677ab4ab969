import { companyEndpoints } from '@verdant/contract';
import { callEndpoint } from './call-endpoint';

/** GET /Load_company_by_id/{companyID}. */
export async function loadCompanyById(companyId: number) {
  const res = await callEndpoint(companyEndpoints.loadCompanyById, { companyID: companyId });
  return res.company;
}
