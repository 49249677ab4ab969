import type { TFunction } from 'i18next';
import type { AuditEvent } from '@verdant/contract';

/** Words of a stable key, as a last resort for an action no locale names yet: 'linked_grid' → 'linked grid'. */
const words = (key: string) => key.replace(/[_.]+/g, ' ').trim();

/**
 * The title of an audit event in the reader's language. A note's title is what a person wrote and is
 * shown as written; a server event's title is built at display time from its stable action key
 * ('batch.harvested' → subject 'batch', what happened 'harvested'), so stored events never change and
 * every language reads them. The server's English EventTitle is only the fallback for an unknown key.
 */
export function auditTitle(event: Pick<AuditEvent, 'Action' | 'EntityType' | 'EventTitle'>, t: TFunction<'audit-trail'>): string {
  if (event.Action === 'note') return event.EventTitle;
  const dot = event.Action.indexOf('.');
  const subjectKey = dot > 0 ? event.Action.slice(0, dot) : event.EntityType;
  const whatKey = dot > 0 ? event.Action.slice(dot + 1) : event.Action;
  const subject = t(`subjects.${subjectKey}`, { defaultValue: '' });
  const what = t(`happened.${whatKey}`, { defaultValue: '' });
  if (!subject || !what) return event.EventTitle || words(event.Action);
  return t('eventTitle', { subject, what });
}
