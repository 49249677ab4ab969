import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** A YYYY-MM-DD (or ISO) date in the user's language, without time. */
export function useFormatDay() {
  const { i18n } = useTranslation();
  return useCallback(
    (value: string) => {
      const d = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
      return Number.isNaN(d.getTime()) ? value : d.toLocaleDateString(i18n.language, { dateStyle: 'medium', timeZone: value.length === 10 ? 'UTC' : undefined });
    },
    [i18n.language],
  );
}

export function useFormatDateTime() {
  const { i18n } = useTranslation();
  return useCallback(
    (iso: string) => {
      const d = new Date(iso);
      return Number.isNaN(d.getTime()) ? iso : d.toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
    },
    [i18n.language],
  );
}

/** Today as YYYY-MM-DD in local time. */
export function todayIso(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}
