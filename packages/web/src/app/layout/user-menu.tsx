import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Icon } from '../../components/icons';
import { userDataQuery } from '../../api/queries/users';
import { useGuardedSignOut } from './sign-out-guard';
import { useAuth } from '../../state/hooks';
import { cn } from '../../lib/cn';
import { OfflineReadiness } from '../../components/offline-status/offline-readiness';
import { paths } from '../../lib/paths';

function initials(first?: string, last?: string) {
  return `${first?.[0] ?? ''}${last?.[0] ?? ''}`.toUpperCase() || '?';
}

/** The header's account button: the user's name and role, profile and sign-out. */
export function UserMenu() {
  const { t } = useTranslation('app');
  const { userId, companyID, userRole } = useAuth();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const user = useQuery({ ...userDataQuery(userId ?? 0, companyID ?? 0), enabled: Boolean(userId && companyID) });
  const { signOut, dialog: signOutDialog } = useGuardedSignOut(userId);
  const name = user.data ? `${user.data.first_name} ${user.data.last_name}` : t('header.account');

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const item =
    'flex min-h-11 w-full items-center gap-3 rounded-md px-3 text-left text-sm text-stone-800 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-brand-600';

  return (
    <div ref={ref} className="relative">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((v) => !v)}
        className="flex min-h-11 items-center gap-2 rounded-lg px-1.5 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-brand-600 sm:px-2"
      >
        <span
          aria-hidden="true"
          className="inline-flex size-9 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800"
        >
          {initials(user.data?.first_name, user.data?.last_name)}
        </span>
        <span className="hidden text-left sm:block">
          <span className="block text-sm font-medium leading-tight text-stone-900">{name}</span>
          <span className="block text-xs leading-tight text-stone-600">{userRole ? t(`roles.${userRole}`) : ''}</span>
        </span>
        <span className="sr-only sm:hidden">{t('header.openAccountMenu', { name })}</span>
      </button>
      <div
        id={menuId}
        hidden={!open}
        className={cn(
          'absolute right-0 z-40 mt-2 w-60 rounded-xl border border-stone-200 bg-white p-1.5 shadow-lg',
        )}
      >
        <div className="border-b border-stone-200 px-3 pb-2 pt-1 sm:hidden">
          <p className="text-sm font-medium text-stone-900">{name}</p>
          <p className="text-xs text-stone-600">{userRole ? t(`roles.${userRole}`) : ''}</p>
        </div>
        <OfflineReadiness className="border-b border-stone-200 px-3 py-2" />
        <ul className="pt-1">
          <li>
            <Link to={paths.profile} className={item} onClick={() => setOpen(false)}>
              <Icon name="user" className="size-5 text-stone-600" />
              {t('nav.profile')}
            </Link>
          </li>
          <li>
            <Link to={paths.settings} className={item} onClick={() => setOpen(false)}>
              <Icon name="settings" className="size-5 text-stone-600" />
              {t('nav.settings')}
            </Link>
          </li>
          <li>
            <button
              type="button"
              className={item}
              onClick={() => {
                setOpen(false);
                signOut();
              }}
            >
              <Icon name="logout" className="size-5 text-stone-600" />
              {t('header.signOut')}
            </button>
          </li>
        </ul>
      </div>
      {signOutDialog}
    </div>
  );
}
