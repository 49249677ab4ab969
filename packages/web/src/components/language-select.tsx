import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@verdant/contract';
import { useAppDispatch, useAppSelector } from '../state/hooks';
import { languageChanged } from '../state/preferences-slice';
import { Select } from './ui';

/** Each language in its own name, so anyone can find theirs. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', es: 'Español', nl: 'Nederlands', fr: 'Français' };

/** The device's interface language (persisted); the signed-in app follows the company's setting. */
export function LanguageSelect({ className }: { className?: string }) {
  const { t, i18n } = useTranslation('app');
  const dispatch = useAppDispatch();
  const stored = useAppSelector((s) => s.preferences.language);
  const value = stored ?? (i18n.resolvedLanguage as Language | undefined) ?? 'en';
  return (
    <div className={className ?? 'w-40'}>
      <Select
        aria-label={t('language.label')}
        value={value}
        onChange={(e) => dispatch(languageChanged(e.target.value as Language))}
        options={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
      />
    </div>
  );
}
