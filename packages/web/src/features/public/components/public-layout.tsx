import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { usePublicText } from '../lib/use-public-text';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

export function PublicLayout() {
  const { t } = usePublicText();
  const { pathname } = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const firstRender = useRef(true);

  // After a client-side navigation, screen readers and keyboard users start at the new content
  // (the shell's ScrollRestoration handles the scroll position).
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <div className="flex min-h-dvh flex-col bg-white">
      <a
        href="#main"
        className="fixed top-3 left-3 z-50 -translate-y-24 rounded-lg bg-brand-700 px-4 py-3 font-semibold text-white shadow-lg focus:translate-y-0"
      >
        {t('nav.skip')}
      </a>
      <SiteHeader />
      <main id="main" ref={mainRef} tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
