import { useEffect, useId, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { Logo } from '../../../components/icons';
import { ButtonLink } from '../../../components/ui';
import { cn } from '../../../lib/cn';
import { FEATURES } from '../features';
import { usePublicText } from '../lib/use-public-text';
import { Icon } from './icons';
import { paths } from '../../../lib/paths';

const linkBase =
  'rounded-md px-2.5 py-2 text-sm font-medium text-stone-700 hover:bg-stone-100 hover:text-stone-900 aria-[current=page]:text-brand-700 aria-[current=page]:bg-brand-50';

export function SiteHeader() {
  const { t } = usePublicText();
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const menuId = useId();

  // A link in the menu was followed: the menu has done its job.
  const [lastPath, setLastPath] = useState(pathname);
  if (lastPath !== pathname) {
    setLastPath(pathname);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <header className="sticky top-0 z-30 border-b border-stone-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link to={paths.home} className="-m-1 rounded-lg p-1" aria-label={t('nav.homeLabel')}>
          <Logo />
        </Link>

        <nav aria-label={t('nav.primary')} className="hidden lg:block">
          <ul className="flex items-center gap-0.5">
            {FEATURES.map((f) => (
              <li key={f.key}>
                <NavLink to={f.path} className={linkBase}>
                  {t(`featureNames.${f.key}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="flex items-center gap-2">
          <ButtonLink to={paths.signIn} size="md">
            {t('nav.signIn')}
          </ButtonLink>
          <button
            type="button"
            className="inline-flex size-11 items-center justify-center rounded-lg text-stone-800 hover:bg-stone-100 lg:hidden"
            aria-expanded={open}
            aria-controls={menuId}
            onClick={() => setOpen((v) => !v)}
          >
            <Icon name={open ? 'close' : 'menu'} />
            <span className="sr-only">{open ? t('nav.closeMenu') : t('nav.openMenu')}</span>
          </button>
        </div>
      </div>

      <nav
        id={menuId}
        aria-label={t('nav.mobile')}
        hidden={!open}
        className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-stone-200 bg-white lg:hidden"
      >
        <div className="mx-auto max-w-6xl px-4 pt-3 pb-5 sm:px-6">
          <p className="px-3 pb-1 text-xs font-semibold tracking-wide text-stone-600 uppercase">{t('nav.features')}</p>
          <ul className="grid gap-0.5 sm:grid-cols-2">
            {FEATURES.map((f) => (
              <li key={f.key}>
                <NavLink to={f.path} className={cn(linkBase, 'flex min-h-11 items-center gap-3 px-3 text-base')}>
                  <Icon name={f.icon} className="size-5 text-brand-700" />
                  {t(`featureNames.${f.key}`)}
                </NavLink>
              </li>
            ))}
          </ul>
          <ul className="mt-3 grid gap-0.5 border-t border-stone-200 pt-3 sm:grid-cols-2">
            {(
              [
                [paths.about, 'nav.about'],
                [paths.contact, 'nav.contact'],
                [paths.payments, 'nav.plans'],
              ] as const
            ).map(([to, key]) => (
              <li key={to}>
                <NavLink to={to} className={cn(linkBase, 'flex min-h-11 items-center px-3 text-base')}>
                  {t(key)}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      </nav>
    </header>
  );
}
