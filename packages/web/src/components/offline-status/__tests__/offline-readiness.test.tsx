import { describe, expect, it } from 'vitest';
import { describeSameKeys } from '../../../testing/locale-keys';
import en from '../locales/en.json';
import es from '../locales/es.json';
import fr from '../locales/fr.json';
import nl from '../locales/nl.json';
import { ageText, readinessView } from '../offline-readiness';

describeSameKeys('offline-status texts', { en, es, fr, nl });

const row = { companyId: 3, userId: 7, state: 'ready' as const, done: 9, total: 9, doneSteps: [], startedAt: 0, readyAt: 1000, failedSteps: [] };

describe('offline readiness', () => {
  it('says preparing (with progress) while a fill runs online, else what the last fill left', () => {
    expect(readinessView({ ...row, state: 'running', done: 4, total: 9 }, true)).toEqual({ kind: 'preparing', done: 4, total: 9 });
    // Offline the fill cannot go on: the device is as ready as the last complete fill made it.
    expect(readinessView({ ...row, state: 'running', done: 4, total: 9 }, false)).toEqual({ kind: 'ready', readyAt: 1000 });
    expect(readinessView({ ...row, state: 'running', readyAt: null }, false)).toEqual({ kind: 'not-ready' });
    expect(readinessView({ ...row, state: 'incomplete' }, true)).toEqual({ kind: 'incomplete', readyAt: 1000 });
    expect(readinessView(null, true)).toEqual({ kind: 'not-ready' });
  });

  it('gives the age in the interface language', () => {
    expect(ageText(0, 30_000, 'en', 'just now')).toBe('just now');
    expect(ageText(0, 3 * 60_000, 'en', 'just now')).toBe('3 minutes ago');
    expect(ageText(0, 2 * 3_600_000, 'fr', 'à l’instant')).toBe('il y a 2 heures');
    expect(ageText(0, 26 * 3_600_000, 'nl', 'zojuist')).toBe('gisteren');
  });
});
