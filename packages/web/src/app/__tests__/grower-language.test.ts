import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { builtInText } from '../../components/form-renderer';

/**
 * Issue 20: a grower working in Spanish, Dutch or French met English on the screens of a week's work.
 * This walks those screens' catalogues and the texts made at display time (built-in form texts, audit
 * titles, delivery lines) and looks for English words of the English catalogue in the other languages.
 * A word counts as English when it appears in the English text of the same key, is four letters or more
 * and is not a true cognate (same spelling, same meaning, in that language) or a name/placeholder.
 */
const catalogues = import.meta.glob<Record<string, unknown>>(['../../features/*/locales/*.json', '../../components/*/locales/*.json'], {
  eager: true,
  import: 'default',
});

/** The screens a grower met in the issue (their namespaces). */
const SCREENS = ['quick-observation', 'overview', 'thresholds', 'reports', 'automations', 'audit-trail', 'settings', 'form-renderer', 'threshold-level', 'tasks', 'weather', 'profile'];

/** True cognates per language (written the same and meaning the same there), product names and units. */
const COGNATES: Record<string, readonly string[]> = {
  // Product and app names (Microsoft Teams, Slack's "Incoming Webhooks", Teams' "Workflows"), roles, places.
  // Signed webhooks: the specifications' names (Standard Webhooks, CloudEvents) and their header names.
  all: ['standard', 'cloudevent', 'webhook-id', 'webhook-timestamp', 'webhook-signature', 'microsoft', 'apps', 'incoming', 'hooks', 'services', 'workflows', 'superadmins', 'internet', 'westland', 'verdant', 'webhook', 'webhooks', 'e-mail', 'teams', 'slack', 'json', 'http', 'https', 'csv', 'png', 'pdf', 'url', 'api', 'admin', 'admins', 'ctrl', 'thrips', 'botrytis', 'pythium', 'fusarium', 'google', 'outlook', 'apple', 'authorization'],
  // Software words the languages use as they are: token (es, nl), script (es, nl, fr); Dutch says browser and spreadsheet too.
  es: ['token', 'tokens', 'script', 'personal', 'cultural', 'task', 'total', 'general', 'normal', 'error', 'local', 'final', 'color', 'hora', 'plan', 'idea', 'auto', 'manual', 'ideal', 'actual', 'mini', 'menu', 'stock', 'auditor', 'balance'],
  fr: ['script', 'installation', 'site', 'long', 'points', 'notification', 'notifications', 'invitation', 'standard', 'trace', 'relative', 'irrigation', 'session', 'sessions', 'task', 'total', 'général', 'normal', 'test', 'tests', 'date', 'dates', 'message', 'messages', 'photo', 'photos', 'note', 'notes', 'minute', 'minutes', 'rose', 'page', 'pages', 'question', 'questions', 'solution', 'solutions', 'action', 'actions', 'automatisation', 'consultant', 'consultants', 'scan', 'scans', 'code', 'codes', 'image', 'images', 'zone', 'zones', 'type', 'types', 'collection', 'culture', 'cultures', 'description', 'descriptions', 'observation', 'observations', 'position', 'rapport', 'source', 'sources', 'option', 'options', 'format', 'formats', 'local', 'sections', 'section', 'texte', 'menu', 'application', 'applications', 'intervention', 'surface', 'moment', 'nature', 'orange', 'support', 'cotes', 'lot', 'lots', 'statut', 'statuts', 'niveau', 'semaine', 'semaines', 'exemple', 'export', 'exports', 'instructions', 'instruction', 'information', 'informations', 'condition', 'conditions', 'distance', 'direction', 'production', 'protection', 'fonction', 'limite', 'limites', 'plante', 'plantes', 'tableau', 'variable', 'variables', 'profile', 'suggestions', 'suggestion', 'capture', 'captures', 'mode', 'modes', 'simple', 'sensible', 'fixes', 'route', 'base', 'cause', 'causes', 'service', 'services', 'parent', 'stock', 'stocks', 'pression', 'place', 'places', 'accessible', 'possible', 'impossible', 'visible', 'invisible', 'disponible', 'minimum', 'maximum', 'total', 'dose', 'doses', 'produit', 'secret', 'secrets', 'signature', 'signatures', 'balance'],
  // Dutch growers say tray, batch, scout(en), trail, live, interface, zone, tablet, site, computer, account.
  nl: ['token', 'tokens', 'script', 'scripts', 'spreadsheet', 'browser', 'later', 'tray', 'trays', 'batch', 'batches', 'scout', 'scouts', 'scouting', 'whiteboard', 'trail', 'live', 'interface', 'zone', 'tablets', 'site', 'computer', 'account', 'browsers', 'trends', 'product', 'task', 'test', 'tests', 'open', 'over', 'plant', 'planten', 'camera', "camera's", 'scan', 'scans', 'status', 'code', 'team', 'formulier', 'rapport', 'drempel', 'start', 'stop', 'foto', "foto's", 'filter', 'filters', 'export', 'minuten', 'minuut', 'week', 'weken', 'land', 'water', 'warm', 'hand', 'standaard', 'level', 'model', 'modellen', 'link', 'links', 'online', 'offline', 'label', 'labels', 'menu', 'totaal', 'details', 'detail', 'type', 'types', 'tekst', 'info', 'dashboard', 'even', 'alle', 'tips', 'blauw', 'wind', 'oranje', 'trips', 'spint', 'grid', 'grids', 'spray', 'sticky', 'admin', 'gebruiker', 'datum', 'bericht', 'berichten', 'taak', 'taken', 'register', 'auditor', 'headers'],
};

const englishWords = (text: string) => new Set(words(text));
function words(text: string): string[] {
  return text
    .replace(/\{\{[^}]+\}\}/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .toLowerCase()
    .split(/[^\p{L}\d_'’-]+/u)
    .map((w) => w.replace(/^['’-]+|['’-]+$/g, ''))
    // Field and variable names (date_option, report_id1) are the API's words, not the screen's.
    .filter((w) => w.length >= 4 && !/[_\d]/.test(w));
}

function flatten(value: unknown, path = ''): Array<[string, string]> {
  if (typeof value === 'string') return [[path, value]];
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => flatten(v, path ? `${path}.${k}` : k));
  return [];
}

function catalogue(ns: string, lang: string): Map<string, string> {
  const entry = Object.entries(catalogues).find(([path]) => path.endsWith(`/${ns}/locales/${lang}.json`));
  return new Map(flatten(entry?.[1] ?? {}));
}

/** English words of the English text left in the other language's text of the same key. */
function leftInEnglish(lang: string, en: string, other: string): string[] {
  const allowed = new Set([...COGNATES.all!, ...(COGNATES[lang] ?? [])]);
  const english = englishWords(en);
  return words(other).filter((w) => english.has(w) && !allowed.has(w));
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe.each(['es', 'nl', 'fr'])('screens of a grower’s week in %s', (lang) => {
  it('every catalogue text is in the language, not the English text left as it was', () => {
    const found: string[] = [];
    for (const ns of SCREENS) {
      const en = catalogue(ns, 'en');
      const other = catalogue(ns, lang);
      expect(other.size, `${ns} ${lang}`).toBeGreaterThan(0);
      for (const [key, text] of en) {
        const left = leftInEnglish(lang, text, other.get(key) ?? '');
        if (left.length) found.push(`${ns}:${key} → ${left.join(', ')}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('texts made at display time are in the language: built-in form texts, audit titles, delivery lines', async () => {
    await i18n.changeLanguage(lang);
    const t = i18n.getFixedT(lang);
    const shown = [
      builtInText(t, 'fields', 'Problem'),
      builtInText(t, 'fields', 'Severity'),
      builtInText(t, 'templates', 'Scouting'),
    ];
    const { auditTitle } = await import('../../features/audit-trail/lib/audit-title');
    const twelve = ['scan.create', 'camera.register', 'consultant.invited', 'treatment.apply', 'spray_product.create', 'threshold.create', 'task.update',
      'notification.test', 'notification.create', 'dashboard_reports.update', 'saved_report.create', 'treatment.create'];
    for (const action of twelve) shown.push(auditTitle({ Action: action, EntityType: 'x', EventTitle: 'ENGLISH' }, i18n.getFixedT(lang, 'audit-trail')));
    const { deliveryEventText, deliveryErrorText } = await import('../../features/automations/lib/delivery-text');
    shown.push(deliveryEventText('Problem observed: Aphids', t, () => 'X'), deliveryErrorText('hooks.example.invalid did not resolve', t));
    // Whole words: Spanish "problema" is not the English "problem".
    const english = ['problem', 'severity', 'created', 'register', 'invited', 'apply', 'updated', 'ENGLISH', 'observed', 'resolve', 'notification'];
    for (const text of shown) for (const w of english) expect(words(text), `${lang}: ${text}`).not.toContain(w.toLowerCase());
  });
});
