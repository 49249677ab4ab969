import { useTranslation } from 'react-i18next';
import { useFormatDate } from '../../lib/format-date';

/** The alt text of a form photo: which field, which form, when ("Underside — Leaf check, 3 Mar 2026 14:05"). */
export function usePhotoAlt() {
  const { t } = useTranslation('photos');
  const formatDate = useFormatDate();
  return (field: string | null, form: string, at: string) =>
    field ? t('altField', { field, form, date: formatDate(at) }) : t('alt', { form, date: formatDate(at) });
}
