import i18n, { type BackendModule, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '@verdant/contract';

/**
 * Each `features/<name>/locales/<lang>.json` is namespace `<name>`, each shared
 * `components/<name>/locales/<lang>.json` too (e.g. `form-renderer`); `app/locales/<lang>.json` is `app`.
 *
 * Loaded on demand, one file per language and namespace: a page's `useTranslation('<name>')` loads its
 * texts in the current language (the page suspends meanwhile, inside the route's Suspense, so no
 * untranslated key flashes). The first screen needs only `CORE_NAMESPACES`, which `i18nReady` loads
 * before the first render. The service worker precaches every file, so this works offline too.
 */
const loaders = import.meta.glob<Record<string, unknown>>(['../features/*/locales/*.json', '../components/*/locales/*.json', '../app/locales/*.json'], {
  import: 'default',
});

const LOCALE_PATH = /\/(?:(?:features|components)\/([^/]+)|(app))\/locales\/([a-z]{2})\.json$/;

function parse(path: string): { ns: string; lang: string } | null {
  const match = LOCALE_PATH.exec(path);
  if (!match) return null;
  return { ns: match[1] ?? match[2] ?? 'app', lang: match[3] as string };
}

export function buildResources(modules: Record<string, Record<string, unknown>>): Resource {
  const resources: Resource = {};
  for (const [path, content] of Object.entries(modules)) {
    const at = parse(path);
    if (at) (resources[at.lang] ??= {})[at.ns] = content;
  }
  return resources;
}

const byNamespace = new Map<string, () => Promise<Record<string, unknown>>>();
for (const [path, load] of Object.entries(loaders)) {
  const at = parse(path);
  if (at) byNamespace.set(`${at.lang}/${at.ns}`, load);
}

/** Every namespace there is (a file exists for it in English). */
export const NAMESPACES = [...byNamespace.keys()].filter((k) => k.startsWith('en/')).map((k) => k.slice(3));

/** What the shell shows before any page: its own texts and the offline notice the API layer raises. */
export const CORE_NAMESPACES = ['app', 'offline-status'];

const lazyLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = byNamespace.get(`${language}/${namespace}`);
    if (!load) return callback(null, {});
    load().then(
      (texts) => callback(null, texts),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), null),
    );
  },
};

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

// Tests add every text up front (lib/i18n-bundled) and render synchronously, as before lazy loading.
if (import.meta.env.MODE !== 'test') i18n.use(lazyLocales);

/** Resolves once the current language's core texts (and English, the fallback) are loaded. */
export const i18nReady: Promise<unknown> = i18n
  .use(initReactI18next)
  .init({
    lng: detectLanguage(),
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    ns: CORE_NAMESPACES,
    defaultNS: 'app',
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
  });

export function setLanguage(lang: Language) {
  if (i18n.language !== lang) void i18n.changeLanguage(lang);
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

export { i18n };
