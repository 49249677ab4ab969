import { useEffect, useRef } from 'react';
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';

const LINKS = [
  { key: 'walk', to: paths.cropWalk },
  { key: 'balance', to: paths.cropBalance },
  { key: 'forecast', to: paths.cropForecast },
  { key: 'samplePlants', to: paths.cropSamplePlants },
  { key: 'types', to: paths.cropTypes },
] as const;

/** The crop registration screens, one tap apart (a row that scrolls sideways on a phone). */
export function CropRegistrationNav() {
  const { t } = useTranslation('crop-registration');
  const nav = useRef<HTMLElement>(null);
  // On a phone the row scrolls: the screen's own link is brought into view.
  useEffect(() => {
    const current = nav.current?.querySelector('[aria-current="page"]');
    if (current instanceof HTMLElement && typeof current.scrollIntoView === 'function') current.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, []);
  return (
    <nav ref={nav} aria-label={t('nav.label')} className="-mx-1 mb-4 overflow-x-auto">
      <ul className="flex min-w-max gap-1 px-1">
        {LINKS.map((l) => (
          <li key={l.key}>
            <NavLink
              to={l.to}
              end
              className={({ isActive }) =>
                cn(
                  'inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold',
                  isActive ? 'bg-brand-700 text-white' : 'bg-white text-stone-700 ring-1 ring-inset ring-stone-300 hover:bg-stone-100',
                )
              }
            >
              {t(`nav.${l.key}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
