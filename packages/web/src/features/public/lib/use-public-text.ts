import { useTranslation } from 'react-i18next';

export interface TextItem {
  title: string;
  body: string;
}

/** The `public` namespace's translate function plus a reader for lists of texts (arrays in the JSON). */
export function usePublicText() {
  const { t, i18n } = useTranslation('public');
  function list<T = TextItem>(key: string): T[] {
    const value: unknown = t(key, { returnObjects: true });
    return Array.isArray(value) ? (value as T[]) : [];
  }
  return { t, list, language: i18n.language };
}
