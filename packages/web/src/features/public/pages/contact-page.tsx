import { Link, useSearchParams } from 'react-router';
import { ContactForm } from '../components/contact-form';
import { Container, PageIntro } from '../components/blocks';
import { Icon } from '../components/icons';

import { usePageTitle } from '../lib/use-page-title';
import { usePublicText } from '../lib/use-public-text';
import { isPlan } from '../plans';
import { paths } from '../../../lib/paths';

const inlineLink = 'font-semibold text-brand-700 underline underline-offset-2 hover:no-underline';

export function ContactPage() {
  const { t } = usePublicText();
  usePageTitle(t('contact.pageTitle'));
  const [params] = useSearchParams();
  const plan = params.get('plan');
  const initialMessage = isPlan(plan) ? t(`contact.planMessage.${plan}`) : '';

  return (
    <>
      <PageIntro eyebrow={t('contact.eyebrow')} title={t('contact.title')} lead={t('contact.lead')} />
      <Container className="grid gap-10 py-10 sm:py-14 lg:grid-cols-[1.6fr_1fr]">
        <div className="rounded-2xl border border-stone-200 bg-white p-5 shadow-xs sm:p-8">
          <ContactForm initialMessage={initialMessage} />
        </div>
        <aside className="space-y-6" aria-label={t('contact.aside.label')}>
          <section aria-labelledby="aside-account" className="rounded-2xl bg-stone-50 p-6">
            <h2 id="aside-account" className="flex items-center gap-2 text-base font-semibold text-stone-900">
              <Icon name="lock" className="size-5 text-brand-700" />
              {t('contact.aside.accountTitle')}
            </h2>
            <p className="mt-2 text-sm leading-relaxed text-stone-700">{t('contact.aside.accountBody')}</p>
          </section>
          <section aria-labelledby="aside-customer" className="rounded-2xl bg-stone-50 p-6">
            <h2 id="aside-customer" className="flex items-center gap-2 text-base font-semibold text-stone-900">
              <Icon name="users" className="size-5 text-brand-700" />
              {t('contact.aside.customerTitle')}
            </h2>
            <p className="mt-2 text-sm leading-relaxed text-stone-700">{t('contact.aside.customerBody')}</p>
            <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
              <Link to={paths.signIn} className={inlineLink}>
                {t('nav.signIn')}
              </Link>
              <Link to={paths.resetPassword} className={inlineLink}>
                {t('footer.forgotPassword')}
              </Link>
            </p>
          </section>
          <section aria-labelledby="aside-plans" className="rounded-2xl bg-stone-50 p-6">
            <h2 id="aside-plans" className="flex items-center gap-2 text-base font-semibold text-stone-900">
              <Icon name="calendar" className="size-5 text-brand-700" />
              {t('contact.aside.plansTitle')}
            </h2>
            <p className="mt-2 text-sm leading-relaxed text-stone-700">{t('contact.aside.plansBody')}</p>
            <p className="mt-3 text-sm">
              <Link to={paths.payments} className={inlineLink}>
                {t('contact.aside.plansLink')}
              </Link>
            </p>
          </section>
        </aside>
      </Container>
    </>
  );
}
