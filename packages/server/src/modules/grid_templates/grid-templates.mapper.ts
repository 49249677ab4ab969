import type { GridTemplate } from '@verdant/contract';
import type { GridTemplateRow } from './grid-templates.repository.js';
import { iso } from '../../lib/iso.js';

export function toGridTemplate(row: GridTemplateRow): GridTemplate {
  return {
    template_id: row.template_id,
    company_id: row.company_id,
    template_name: row.template_name,
    template_type: row.template_type,
    rows: row.rows,
    columns: row.columns,
    description: row.description,
    created_by: row.created_by,
    created_at: iso(row.created_at),
  };
}
