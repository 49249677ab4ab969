import { afterEach, describe, expect, it } from 'vitest';
import type { AuditEvent } from '@verdant/contract';
import { i18n } from '../../../lib/i18n';
import { auditTitle } from '../lib/audit-title';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

const event = (Action: string, EntityType = 'batch', EventTitle = 'Stored English title'): Pick<AuditEvent, 'Action' | 'EntityType' | 'EventTitle'> => ({ Action, EntityType, EventTitle });
const titleIn = async (lang: string, e: ReturnType<typeof event>) => {
  await i18n.changeLanguage(lang);
  return auditTitle(e, i18n.getFixedT(lang, 'audit-trail'));
};

describe('auditTitle', () => {
  it('reads a server event in each language from its stable action key', async () => {
    expect(await titleIn('en', event('batch.harvested'))).toBe('Batch harvested');
    expect(await titleIn('es', event('batch.harvested'))).toBe('Lote: cosechado');
    expect(await titleIn('fr', event('batch.harvested'))).toBe('Lot : récolté');
    expect(await titleIn('nl', event('batch.harvested'))).toBe('Partij: geoogst');
    expect(await titleIn('es', event('problem_color.updated', 'problem_color_mapping'))).toBe('Color del problema: actualizado');
    expect(await titleIn('nl', event('user.language_changed', 'user'))).toBe('Gebruiker: taal gewijzigd');
  });

  it('keeps a note as its author wrote it, and falls back to the stored title for an unknown action', async () => {
    expect(await titleIn('es', event('note', 'audit_note', 'Released swirskii'))).toBe('Released swirskii');
    expect(await titleIn('fr', event('robot.exploded', 'robot', 'Robot exploded'))).toBe('Robot exploded');
    expect(await titleIn('fr', event('robot.exploded', 'robot', ''))).toBe('robot exploded');
  });

  it('names every action the server writes today in every language', async () => {
    const actions = [
      'audit_note.deleted', 'audit_note.edited', 'batch.created', 'batch.deleted', 'batch.harvest', 'batch.linked_grid', 'batch.linked_grid_boxes',
      'batch.linked_room', 'batch.moved', 'batch.plants_link', 'batch.status_changed', 'batch_problem.create', 'batch_problem.resolve',
      'batch_status.created', 'batch_status.deleted', 'comment.added', 'comment.deleted', 'comment.edited', 'company.create', 'company_settings.update',
      'demo.scouting_seeded', 'form.image_attached', 'form.multiselect_submitted', 'form.submitted', 'form_hide_until.create', 'form_hide_until.delete',
      'form_hide_until.update', 'form_template.create', 'form_template.reset_all', 'form_template.set_default', 'form_template.update',
      'grid.create_from_template', 'grid.created', 'grid.deleted', 'grid.image_uploaded', 'grid_box.renamed', 'grid_template.create', 'grid_template.delete',
      'invitation.created', 'plant.move', 'plant_problem.custom_solution_added', 'problem_color.created', 'problem_color.deleted', 'room.created',
      'room.deleted', 'room.whiteboard_uploaded', 'scouting.reset', 'setup.first_start', 'sub_gridbox.delete', 'sub_gridbox.update', 'sub_gridboxes.create',
      'tray.create', 'tray.delete', 'tray.update', 'tray_template.create', 'tray_template.delete', 'user.password_reset', 'user.role_changed',
      'user.signed_out_everywhere', 'user.signed_up', 'problem.resolve', 'problem.dismiss', 'problem.reopen', 'box.scanned',
      // Issue 20: the twelve a grower met in English, and the rest written since.
      'scan.create', 'camera.register', 'consultant.invited', 'treatment.apply', 'spray_product.create', 'threshold.create', 'task.update',
      'notification.test', 'notification.create', 'dashboard_reports.update', 'saved_report.create', 'treatment.create',
      'ai_command.saved', 'camera.revoke_token', 'camera.rotate_token', 'company.time_zone', 'consultant.restored', 'consultant.revoked',
      'consultant.rooms_changed', 'notification.delete', 'notification_delivery.retry', 'saved_report.delete', 'scan.delete', 'scan_detection.add',
      'scan_detection.correct', 'scan_detection.correct_measure', 'scan_detection.confirm', 'scan_detection.reject', 'spray_product.delete',
      'spray_product.update', 'task.delete', 'task.recurring_create', 'task.retitle', 'task.system_create', 'task_template.create',
      'task_template.delete', 'task_template.update', 'threshold.delete', 'threshold.update', 'treatment.update',
    ];
    for (const lang of ['en', 'es', 'fr', 'nl']) {
      for (const action of actions) expect(await titleIn(lang, event(action, 'x', 'FALLBACK')), `${lang} ${action}`).not.toBe('FALLBACK');
    }
  });
});
