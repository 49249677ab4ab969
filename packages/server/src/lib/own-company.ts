import { forbidden } from './errors.js';

/**
 * 403 when a company id the caller sent is not the caller's own. contract-routes applies it to every field
 * an endpoint lists under `tenancy.company`; services call it for ids the contract cannot name that way.
 */
export function assertOwnCompany(caller: { company_id: number }, companyId: number): void {
  if (caller.company_id !== companyId) throw forbidden('You can only work with your own company.');
}
