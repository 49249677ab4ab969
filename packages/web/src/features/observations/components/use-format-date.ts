import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

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
