import type { Tray, TrayTemplate } from '@verdant/contract';
import type { TemplateRow, TrayRow } from './trays.repository.js';
import { iso } from '../../lib/iso.js';

export const toTrayTemplate = (r: TemplateRow): TrayTemplate => ({
  template_id: r.template_id,
  template_name: r.template_name,
  number_of_plants: r.number_of_plants,
  description: r.description,
  default_batch_id: r.default_batch_id,
  default_batch_number: r.default_batch_number,
  created_by: r.created_by,
  created_at: iso(r.created_at),
});

export const toTray = (r: TrayRow): Tray => ({
  tray_id: r.tray_id,
  tray_name: r.tray_name,
  number_of_plants: r.number_of_plants,
  batch_id: r.batch_id,
  batch_number: r.batch_number,
  template_id: r.template_id,
  template_name: r.template_name,
  created_by: r.created_by,
  created_at: iso(r.created_at),
  updated_at: iso(r.updated_at),
});
