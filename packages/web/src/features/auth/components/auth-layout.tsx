import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../../components/icons';
import { LanguageSelect } from '../../../components/language-select';

/** A calm, centred card for the sign-in screens, with the language choice at the top. */
export function AuthLayout({ title, description, children, footer }: { title: string; description?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  const { t } = useTranslation('auth');
  return (
    <div className="flex min-h-dvh flex-col bg-stone-50">
      <header className="flex items-center justify-between gap-4 px-4 py-3 sm:px-8">
        <Link to="/" className="rounded-md focus-visible:outline-2 focus-visible:outline-brand-600" aria-label={t('layout.home')}>
          <Logo />
        </Link>
        <LanguageSelect />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pb-12 pt-6 sm:items-center sm:pt-0">
        <div className="w-full max-w-md">
          <div className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
            <h1 className="text-2xl font-bold tracking-tight text-stone-900">{title}</h1>
            {description && <p className="mt-2 text-sm text-stone-600">{description}</p>}
            <div className="mt-6">{children}</div>
          </div>
          {footer && <div className="mt-6 text-center text-sm text-stone-700">{footer}</div>}
        </div>
      </main>
    </div>
  );
}

export const linkClass =
  'font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:rounded focus-visible:outline-2 focus-visible:outline-brand-600';
