import { ButtonLink } from '../../../components/ui';
import { Container } from '../components/blocks';
import { Icon } from '../components/icons';

import { usePageTitle } from '../lib/use-page-title';
import { usePublicText } from '../lib/use-public-text';
import { paths } from '../../../lib/paths';

/** Where a payment provider would return to. Nothing is charged online, so it says so plainly. */
export function PostPaymentPage() {
  const { t, list } = usePublicText();
  usePageTitle(t('postPayment.pageTitle'));
  return (
    <Container className="flex flex-col items-center py-16 text-center sm:py-24">
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-blue-50 text-blue-800">
        <Icon name="mail" className="size-7" />
      </span>
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-balance text-stone-900 sm:text-4xl">{t('postPayment.title')}</h1>
      <p className="mt-4 max-w-xl text-base leading-relaxed text-stone-700">{t('postPayment.body')}</p>
      <ul className="mt-6 max-w-xl space-y-2 text-left text-sm leading-relaxed text-stone-700">
        {list<string>('postPayment.points').map((p) => (
          <li key={p} className="flex gap-2.5">
            <Icon name="check" className="mt-0.5 size-5 text-brand-700" />
            <span>{p}</span>
          </li>
        ))}
      </ul>
      <div className="mt-8 flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">
        <ButtonLink to={paths.contact} size="lg">
          {t('nav.contact')}
        </ButtonLink>
        <ButtonLink to={paths.signIn} variant="secondary" size="lg">
          {t('nav.signIn')}
        </ButtonLink>
        <ButtonLink to={paths.home} variant="ghost" size="lg">
          {t('postPayment.home')}
        </ButtonLink>
      </div>
    </Container>
  );
}
