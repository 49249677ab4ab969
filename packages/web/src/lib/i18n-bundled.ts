import { buildResources, i18n } from './i18n';

/**
 * Every text of every language at once, for tests: a component renders its words at the first
 * render, as it does in the app once its namespace has loaded. The app itself loads lazily (lib/i18n).
 */
const files = import.meta.glob<Record<string, unknown>>(['../features/*/locales/*.json', '../components/*/locales/*.json', '../app/locales/*.json'], {
  eager: true,
  import: 'default',
});

export function bundleAllLocales(): void {
  for (const [lang, namespaces] of Object.entries(buildResources(files))) {
    for (const [ns, texts] of Object.entries(namespaces)) i18n.addResourceBundle(lang, ns, texts, true, true);
  }
}
