import { ButtonLink } from '../../../components/ui';
import { cn } from '../../../lib/cn';
import { BillingNotice } from '../components/billing-notice';
import { CheckList, Container, PageIntro, Section } from '../components/blocks';

import { usePageTitle } from '../lib/use-page-title';
import { usePublicText } from '../lib/use-public-text';
import { PLANS, type Plan } from '../plans';
import { paths } from '../../../lib/paths';

const PLAN_TARGET: Record<Plan, string> = {
  monthly: `${paths.contact}?plan=monthly`,
  yearly: paths.yearPayment,
  enterprise: `${paths.contact}?plan=enterprise`,
};

export function PaymentsPage() {
  const { t, list } = usePublicText();
  usePageTitle(t('payments.pageTitle'));
  return (
    <>
      <PageIntro eyebrow={t('nav.plans')} title={t('payments.title')} lead={t('payments.lead')} />
      <Container className="pt-10">
        <BillingNotice />
      </Container>

      <section aria-labelledby="plans-title" className="py-10 sm:py-14">
        <Container>
          <h2 id="plans-title" className="sr-only">
            {t('payments.plansTitle')}
          </h2>
          <ul className="grid gap-6 lg:grid-cols-3">
            {PLANS.map((plan) => {
              const featured = plan === 'yearly';
              return (
                <li
                  key={plan}
                  className={cn(
                    'flex flex-col rounded-2xl border bg-white p-6 shadow-xs',
                    featured ? 'border-brand-600 ring-1 ring-brand-600' : 'border-stone-200',
                  )}
                >
                  <h3 className="text-xl font-bold text-stone-900">{t(`plans.${plan}.name`)}</h3>
                  <p className="mt-1 text-sm font-medium text-brand-700">{t(`plans.${plan}.billing`)}</p>
                  <p className="mt-3 text-sm leading-relaxed text-stone-700">{t(`plans.${plan}.summary`)}</p>
                  <CheckList items={list<string>(`plans.${plan}.points`)} className="mt-5 flex-1" />
                  <ButtonLink to={PLAN_TARGET[plan]} variant={featured ? 'primary' : 'secondary'} size="lg" block className="mt-6">
                    {t(`plans.${plan}.action`)}
                  </ButtonLink>
                </li>
              );
            })}
          </ul>
        </Container>
      </section>

      <Section id="included" tinted title={t('payments.included.title')} lead={t('payments.included.lead')}>
        <CheckList items={list<string>('payments.included.items')} className="grid gap-x-8 sm:grid-cols-2 lg:grid-cols-3" />
      </Section>

      <Section id="billing" title={t('payments.how.title')}>
        <div className="max-w-3xl space-y-4 text-base leading-relaxed text-stone-700">
          {list<string>('payments.how.paragraphs').map((p) => (
            <p key={p}>{p}</p>
          ))}
        </div>
      </Section>
    </>
  );
}
