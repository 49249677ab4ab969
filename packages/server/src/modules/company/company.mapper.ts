import type { z } from 'zod';
import type { Company } from '@verdant/contract';
import type { CompanyRow } from './company.repository.js';
import { iso } from '../../lib/iso.js';

export function toCompanyResponse(row: CompanyRow): z.output<typeof Company> {
  return {
    company_id: row.company_id,
    company_name: row.company_name,
    company_type: row.company_type,
    contact_name: row.contact_name,
    contact_email: row.contact_email,
    contact_phone: row.contact_phone,
    created_at: iso(row.created_at),
  };
}
