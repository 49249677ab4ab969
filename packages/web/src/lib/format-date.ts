import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** An ISO timestamp as date and time in the user's language; text that is not a date is shown as it came. */
export function useFormatDate(): (iso: string) => string {
  const { i18n } = useTranslation();
  return useCallback(
    (iso: string) => {
      const d = new Date(iso);
      return Number.isNaN(d.getTime()) ? iso : d.toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
    },
    [i18n.language],
  );
}

/** A YYYY-MM-DD (or ISO) date in the user's language, without time; a bare date is not shifted by the time zone. */
export function useFormatDay(): (value: string) => string {
  const { i18n } = useTranslation();
  return useCallback(
    (value: string) => {
      const d = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
      return Number.isNaN(d.getTime()) ? value : d.toLocaleDateString(i18n.language, { dateStyle: 'medium', timeZone: value.length === 10 ? 'UTC' : undefined });
    },
    [i18n.language],
  );
}
