import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** A number in the user's (the company's) language: 1,234.5 in English, 1.234,5 in Dutch. */
export function useFormatNumber(): (value: number, options?: Intl.NumberFormatOptions) => string {
  const { i18n } = useTranslation();
  return useCallback((value: number, options?: Intl.NumberFormatOptions) => value.toLocaleString(i18n.language, options), [i18n.language]);
}
