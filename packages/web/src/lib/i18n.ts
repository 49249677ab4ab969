import i18n, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '@verdant/contract';

/**
 * Each `features/<name>/locales/<lang>.json` is namespace `<name>`, each shared
 * `components/<name>/locales/<lang>.json` too (e.g. `form-renderer`); `app/locales/<lang>.json` is `app`.
 * Loaded eagerly: the texts are small and screens must not flash untranslated keys.
 */
const files = import.meta.glob<Record<string, unknown>>(['../features/*/locales/*.json', '../components/*/locales/*.json', '../app/locales/*.json'], {
  eager: true,
  import: 'default',
});

export function buildResources(modules: Record<string, Record<string, unknown>>): Resource {
  const resources: Resource = {};
  for (const [path, content] of Object.entries(modules)) {
    const match = /\/(?:(?:features|components)\/([^/]+)|(app))\/locales\/([a-z]{2})\.json$/.exec(path);
    if (!match) continue;
    const ns = match[1] ?? match[2] ?? 'app';
    const lang = match[3] as string;
    (resources[lang] ??= {})[ns] = content;
  }
  return resources;
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The browser's preferred supported language, else English. */
export function detectLanguage(): Language {
  const candidates = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  for (const c of candidates) {
    const base = c?.slice(0, 2).toLowerCase();
    if (isLanguage(base)) return base;
  }
  return 'en';
}

const resources = buildResources(files);

void i18n.use(initReactI18next).init({
  resources,
  lng: detectLanguage(),
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  ns: Object.keys(resources.en ?? {}),
  defaultNS: 'app',
  interpolation: { escapeValue: false },
  returnNull: false,
});

export function setLanguage(lang: Language) {
  if (i18n.language !== lang) void i18n.changeLanguage(lang);
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

export { i18n };
