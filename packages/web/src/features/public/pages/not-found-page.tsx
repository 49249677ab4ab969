import { Link } from 'react-router';
import { ButtonLink } from '../../../components/ui';
import { Container } from '../components/blocks';
import { Icon } from '../components/icons';
import { FEATURES } from '../features';
import { usePageTitle } from '../lib/use-page-title';
import { usePublicText } from '../lib/use-public-text';
import { paths } from '../../../lib/paths';

export function NotFoundPage() {
  const { t } = usePublicText();
  usePageTitle(t('notFound.pageTitle'));
  return (
    <Container className="flex flex-col items-center py-16 text-center sm:py-24">
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Icon name="compass" className="size-7" />
      </span>
      <p className="mt-6 text-sm font-semibold tracking-wide text-stone-600 uppercase">{t('notFound.code')}</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance text-stone-900 sm:text-4xl">{t('notFound.title')}</h1>
      <p className="mt-4 max-w-xl text-base leading-relaxed text-stone-700">{t('notFound.body')}</p>
      <div className="mt-8 flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">
        <ButtonLink to={paths.home} size="lg">
          {t('notFound.home')}
        </ButtonLink>
        <ButtonLink to={paths.contact} variant="secondary" size="lg">
          {t('nav.contact')}
        </ButtonLink>
      </div>
      <nav aria-labelledby="nf-features" className="mt-12 w-full max-w-2xl">
        <h2 id="nf-features" className="text-sm font-semibold text-stone-900">
          {t('notFound.features')}
        </h2>
        <ul className="mt-3 flex flex-wrap justify-center gap-2">
          {FEATURES.map((f) => (
            <li key={f.key}>
              <Link
                to={f.path}
                className="inline-flex min-h-11 items-center gap-2 rounded-full border border-stone-200 px-4 text-sm font-medium text-stone-800 hover:border-brand-300 hover:text-brand-700"
              >
                <Icon name={f.icon} className="size-4 text-brand-700" />
                {t(`featureNames.${f.key}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </Container>
  );
}
