import { ButtonLink } from '../../../components/ui';
import { BillingNotice } from '../components/billing-notice';
import { CheckList, Container, PageIntro } from '../components/blocks';

import { usePageTitle } from '../lib/use-page-title';
import { usePublicText } from '../lib/use-public-text';
import { paths } from '../../../lib/paths';

export function YearPaymentPage() {
  const { t, list } = usePublicText();
  usePageTitle(t('plans.yearly.name'));
  return (
    <>
      <PageIntro eyebrow={t('nav.plans')} title={t('yearPayment.title')} lead={t('yearPayment.lead')} />
      <Container className="grid gap-8 py-10 sm:py-14 lg:grid-cols-[1.5fr_1fr]">
        <div className="space-y-8">
          <BillingNotice plan="yearly" />
          <section aria-labelledby="year-included">
            <h2 id="year-included" className="text-xl font-bold text-stone-900">
              {t('yearPayment.includedTitle')}
            </h2>
            <CheckList items={list<string>('plans.yearly.points')} className="mt-4" />
            <CheckList items={list<string>('payments.included.items')} className="mt-2.5" />
          </section>
        </div>
        <aside aria-labelledby="year-terms" className="h-fit rounded-2xl border border-stone-200 bg-stone-50 p-6">
          <h2 id="year-terms" className="text-lg font-bold text-stone-900">
            {t('yearPayment.termsTitle')}
          </h2>
          <dl className="mt-4 space-y-4 text-sm">
            {list<{ term: string; value: string }>('yearPayment.terms').map((row) => (
              <div key={row.term}>
                <dt className="font-semibold text-stone-900">{row.term}</dt>
                <dd className="mt-0.5 leading-relaxed text-stone-700">{row.value}</dd>
              </div>
            ))}
          </dl>
          <div className="mt-6 flex flex-col gap-3">
            <ButtonLink to={`${paths.contact}?plan=yearly`} size="lg" block>
              {t('yearPayment.contact')}
            </ButtonLink>
            <ButtonLink to={paths.payments} variant="secondary" size="lg" block>
              {t('yearPayment.back')}
            </ButtonLink>
          </div>
        </aside>
      </Container>
    </>
  );
}
