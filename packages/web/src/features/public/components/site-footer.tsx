import { Link } from 'react-router';
import { Logo } from '../../../components/icons';
import { LanguageSelect } from '../../../components/language-select';
import { FEATURES } from '../features';
import { usePublicText } from '../lib/use-public-text';
import { paths } from '../../../lib/paths';

const footerLink = 'inline-flex min-h-8 items-center rounded text-sm text-stone-700 hover:text-brand-700 hover:underline';

export function SiteFooter() {
  const { t } = usePublicText();
  const year = new Date().getFullYear();
  return (
    <footer className="border-t border-stone-200 bg-stone-50 text-stone-700">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.4fr_1fr_1fr_1fr]">
        <div className="max-w-xs">
          <Logo />
          <p className="mt-3 text-sm leading-relaxed">{t('footer.tagline')}</p>
        </div>
        <nav aria-labelledby="footer-product">
          <h2 id="footer-product" className="text-sm font-semibold text-stone-900">
            {t('footer.product')}
          </h2>
          <ul className="mt-3 space-y-1.5">
            {FEATURES.map((f) => (
              <li key={f.key}>
                <Link to={f.path} className={footerLink}>
                  {t(`featureNames.${f.key}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-company">
          <h2 id="footer-company" className="text-sm font-semibold text-stone-900">
            {t('footer.company')}
          </h2>
          <ul className="mt-3 space-y-1.5">
            <li>
              <Link to={paths.about} className={footerLink}>
                {t('nav.about')}
              </Link>
            </li>
            <li>
              <Link to={paths.contact} className={footerLink}>
                {t('nav.contact')}
              </Link>
            </li>
            <li>
              <Link to={paths.payments} className={footerLink}>
                {t('nav.plans')}
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-account">
          <h2 id="footer-account" className="text-sm font-semibold text-stone-900">
            {t('footer.account')}
          </h2>
          <ul className="mt-3 space-y-1.5">
            <li>
              <Link to={paths.signIn} className={footerLink}>
                {t('nav.signIn')}
              </Link>
            </li>
            <li>
              <Link to={paths.resetPassword} className={footerLink}>
                {t('footer.forgotPassword')}
              </Link>
            </li>
            <li>
              <Link to={paths.contact} className={footerLink}>
                {t('footer.getAccount')}
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t border-stone-200">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-4 py-5 text-sm sm:px-6">
          <p>{t('footer.rights', { year })}</p>
          <div className="flex items-center gap-2">
            <span aria-hidden="true">{t('footer.language')}</span>
            <LanguageSelect />
          </div>
        </div>
      </div>
    </footer>
  );
}
