import { Suspense, useState } from 'react';
import { Link, NavLink, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Dialog, LoadingState } from '../../components/ui';
import { Icon, Logo } from '../../components/icons';
import { cn } from '../../lib/cn';
import { useOnlineStatus } from '../../lib/use-online-status';
import { ACCOUNT_NAV, CONSULTANT_ACCOUNT_NAV, CONSULTANT_NAV, FIELD_ACTIONS, MAIN_NAV, type NavItem } from './nav-items';
import { HeaderSearch } from './header-search';
import { OnlineStatus } from './online-status';
import { SessionEffects } from './session-effects';
import { SyncStatus } from './sync-status';
import { UserMenu } from './user-menu';
import { OfflineReadiness } from '../../components/offline-status/offline-readiness';
import { useGuardedSignOut } from './sign-out-guard';
import { useAuth } from '../../state/hooks';
import { paths } from '../../lib/paths';

function SideLink({ item, onNavigate }: { item: NavItem; onNavigate?: () => void }) {
  const { t } = useTranslation('app');
  return (
    <NavLink
      to={item.to}
      end={item.end}
      onClick={onNavigate}
      className={({ isActive }) =>
        cn(
          'flex min-h-11 items-center gap-3 rounded-lg px-3 text-sm font-medium transition-colors',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
          isActive ? 'bg-brand-50 text-brand-800' : 'text-stone-700 hover:bg-stone-100 hover:text-stone-900',
        )
      }
    >
      <Icon name={item.icon} className="size-5 shrink-0" />
      <span className="flex-1">{t(`nav.${item.key}`)}</span>
    </NavLink>
  );
}

function NavSections({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('app');
  const consultant = useAuth().userRole === 'Consultant';
  return (
    <>
      <p className="px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-stone-600">{t('nav.work')}</p>
      <ul className="space-y-0.5">
        {(consultant ? CONSULTANT_NAV : MAIN_NAV).map((item) => (
          <li key={item.key}>
            <SideLink item={item} onNavigate={onNavigate} />
          </li>
        ))}
      </ul>
      <p className="px-3 pb-1 pt-5 text-xs font-semibold uppercase tracking-wide text-stone-600">{t('nav.account')}</p>
      <ul className="space-y-0.5">
        {(consultant ? CONSULTANT_ACCOUNT_NAV : ACCOUNT_NAV).map((item) => (
          <li key={item.key}>
            <SideLink item={item} onNavigate={onNavigate} />
          </li>
        ))}
      </ul>
    </>
  );
}

function BottomBar() {
  const { userId, userRole } = useAuth();
  const { signOut, dialog: signOutDialog } = useGuardedSignOut(userId);
  const { t } = useTranslation('app');
  const [moreOpen, setMoreOpen] = useState(false);
  const tab = 'flex min-h-14 flex-col items-center justify-center gap-0.5 text-[11px] font-medium focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600';
  return (
    <>
      <nav
        aria-label={t('nav.fieldActions')}
        className="fixed inset-x-0 bottom-0 z-30 border-t border-stone-200 bg-white pb-[env(safe-area-inset-bottom)] md:hidden"
      >
        <ul className="grid grid-cols-5">
          {(userRole === 'Consultant' ? CONSULTANT_NAV : FIELD_ACTIONS).map((item) => (
            <li key={item.key}>
              <NavLink
                to={item.to}
                className={({ isActive }) => cn(tab, isActive ? 'text-brand-700' : 'text-stone-600')}
              >
                <Icon name={item.icon} className="size-6" />
                {t(`nav.${item.key}`)}
              </NavLink>
            </li>
          ))}
          <li>
            <button
              type="button"
              className={cn(tab, 'w-full text-stone-600')}
              aria-haspopup="dialog"
              onClick={() => setMoreOpen(true)}
            >
              <Icon name="more" className="size-6" />
              {t('nav.more')}
            </button>
          </li>
        </ul>
      </nav>
      <Dialog
        open={moreOpen}
        onClose={() => setMoreOpen(false)}
        title={t('nav.more')}
        className="mb-0 max-w-none rounded-b-none sm:mb-auto sm:max-w-md sm:rounded-b-xl"
      >
        <nav aria-label={t('nav.more')}>
          <NavSections onNavigate={() => setMoreOpen(false)} />
          <button
            type="button"
            onClick={() => {
              setMoreOpen(false);
              signOut();
            }}
            className="mt-4 flex min-h-11 w-full items-center gap-3 rounded-lg px-3 text-sm font-medium text-red-800 hover:bg-red-50"
          >
            <Icon name="logout" className="size-5" />
            {t('header.signOut')}
          </button>
        </nav>
      </Dialog>
      {signOutDialog}
    </>
  );
}

function OfflineBanner() {
  const { t } = useTranslation('app');
  const online = useOnlineStatus();
  if (online) return null;
  return (
    <div className="border-b border-amber-300 bg-amber-50 px-4 py-2 text-center text-sm text-amber-950">
      {t('header.offlineBanner')}
      <OfflineReadiness compact className="mt-1 flex justify-center" />
    </div>
  );
}

/** Side navigation on desktop, bottom bar with the five field actions on a phone, header on top. */
export function DashboardLayout() {
  const { t } = useTranslation('app');
  const consultant = useAuth().userRole === 'Consultant';
  return (
    <div className="min-h-dvh md:flex">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        {t('nav.skip')}
      </a>
      <SessionEffects />
      <aside className="sticky top-0 hidden h-dvh w-64 shrink-0 flex-col border-r border-stone-200 bg-white md:flex">
        <div className="flex h-16 items-center px-5">
          <Link to={paths.dashboard} className="rounded-md focus-visible:outline-2 focus-visible:outline-brand-600">
            <Logo />
          </Link>
        </div>
        <nav aria-label={t('nav.main')} className="flex-1 overflow-y-auto px-3 pb-6">
          <NavSections />
        </nav>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-20 border-b border-stone-200 bg-white/95 backdrop-blur">
          <div className="flex h-16 items-center justify-between gap-3 px-4 md:px-8">
            <Link to={paths.dashboard} className="rounded-md focus-visible:outline-2 focus-visible:outline-brand-600 md:hidden">
              <Logo />
            </Link>
            {consultant ? <span /> : <HeaderSearch />}
            <div className="flex items-center gap-2 sm:gap-3">
              <SyncStatus />
              <OnlineStatus />
              <UserMenu />
            </div>
          </div>
          <OfflineBanner />
        </header>
        <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 pb-28 pt-6 outline-none md:px-8 md:pb-10">
          <Suspense fallback={<LoadingState />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      <BottomBar />
    </div>
  );
}
