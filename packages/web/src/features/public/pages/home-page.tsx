import { Link } from 'react-router';
import { ButtonLink } from '../../../components/ui';
import { Container, CtaBand, Eyebrow, ItemGrid, Section, Steps } from '../components/blocks';
import { HeroIllustration } from '../components/hero-illustration';
import { Icon, type IconName } from '../components/icons';
import { FEATURES } from '../features';
import { usePageTitle } from '../lib/use-page-title';
import { usePublicText } from '../lib/use-public-text';
import { paths } from '../../../lib/paths';

const ALSO_ICONS: IconName[] = ['form', 'bell', 'tasks', 'shield', 'users', 'globe'];
const FIELD_ICONS: IconName[] = ['phone', 'wifiOff', 'qr'];

export function HomePage() {
  const { t, list } = usePublicText();
  usePageTitle(t('home.pageTitle'));
  const field = list('home.field.items');

  return (
    <>
      <div className="overflow-hidden border-b border-stone-200 bg-gradient-to-b from-brand-50 via-white to-white">
        <Container className="grid items-center gap-10 py-12 sm:py-16 lg:grid-cols-[1.15fr_1fr] lg:py-20">
          <div>
            <Eyebrow>{t('home.hero.eyebrow')}</Eyebrow>
            <h1 className="mt-3 text-4xl font-bold tracking-tight text-balance text-stone-900 sm:text-5xl">
              {t('home.hero.title')}
            </h1>
            <p className="mt-5 max-w-xl text-lg leading-relaxed text-pretty text-stone-700">{t('home.hero.lead')}</p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <ButtonLink to={paths.contact} size="lg">
                {t('cta.contact')}
              </ButtonLink>
              <ButtonLink to={paths.signIn} variant="secondary" size="lg">
                {t('nav.signIn')}
              </ButtonLink>
            </div>
            <p className="mt-4 flex items-start gap-2 text-sm text-stone-600">
              <Icon name="lock" className="mt-px size-4 text-stone-500" />
              {t('common.inviteOnly')}
            </p>
          </div>
          <HeroIllustration className="mx-auto w-full max-w-sm lg:max-w-md" />
        </Container>
      </div>

      <Section id="capabilities" eyebrow={t('home.capabilities.eyebrow')} title={t('home.capabilities.title')} lead={t('home.capabilities.lead')}>
        <ul className="grid gap-4 sm:grid-cols-2 sm:gap-6 lg:grid-cols-3">
          {FEATURES.map((f) => (
            <li key={f.key}>
              <Link
                to={f.path}
                className="group flex h-full flex-col rounded-xl border border-stone-200 bg-white p-5 shadow-xs transition hover:border-brand-300 hover:shadow-md"
              >
                <span className="inline-flex size-11 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                  <Icon name={f.icon} />
                </span>
                <span className="mt-4 text-lg font-semibold text-stone-900">{t(`features.${f.key}.cardTitle`)}</span>
                <span className="mt-1.5 flex-1 text-sm leading-relaxed text-stone-700">{t(`features.${f.key}.summary`)}</span>
                <span className="mt-4 inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 group-hover:underline">
                  {t('common.learnMore')}
                  <Icon name="arrowRight" className="size-4" />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="how" tinted eyebrow={t('home.how.eyebrow')} title={t('home.how.title')} lead={t('home.how.lead')}>
        <Steps items={list('home.how.steps')} />
      </Section>

      <Section id="field" eyebrow={t('home.field.eyebrow')} title={t('home.field.title')} lead={t('home.field.lead')}>
        <ul className="grid gap-4 md:grid-cols-3 md:gap-6">
          {field.map((item, i) => (
            <li key={item.title} className="flex gap-4 rounded-xl border border-stone-200 p-5">
              <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg bg-stone-900 text-white">
                <Icon name={FIELD_ICONS[i] ?? 'phone'} />
              </span>
              <div>
                <h3 className="text-base font-semibold text-stone-900">{item.title}</h3>
                <p className="mt-1.5 text-sm leading-relaxed text-stone-700">{item.body}</p>
              </div>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="also" tinted eyebrow={t('home.also.eyebrow')} title={t('home.also.title')}>
        <ItemGrid items={list('home.also.items')} icons={ALSO_ICONS} />
      </Section>

      <CtaBand />
    </>
  );
}
