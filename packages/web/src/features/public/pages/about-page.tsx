import { Container, CtaBand, ItemGrid, PageIntro, Section, Steps } from '../components/blocks';
import type { IconName } from '../components/icons';
import { usePageTitle } from '../lib/use-page-title';
import { usePublicText } from '../lib/use-public-text';

const AUDIENCE_ICONS: IconName[] = ['building', 'sprout', 'leaf', 'users'];
const PRINCIPLE_ICONS: IconName[] = ['phone', 'compass', 'shield'];

export function AboutPage() {
  const { t, list } = usePublicText();
  usePageTitle(t('about.pageTitle'));
  return (
    <>
      <PageIntro eyebrow={t('about.eyebrow')} title={t('about.title')} lead={t('about.lead')} />

      <section aria-labelledby="mission-title" className="py-14 sm:py-20">
        <Container className="grid gap-8 lg:grid-cols-[1fr_1.5fr]">
          <h2 id="mission-title" className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">
            {t('about.mission.title')}
          </h2>
          <div className="space-y-4 text-base leading-relaxed text-stone-700 sm:text-lg">
            {list<string>('about.mission.paragraphs').map((p) => (
              <p key={p}>{p}</p>
            ))}
          </div>
        </Container>
      </section>

      <Section id="audience" tinted title={t('about.audience.title')} lead={t('about.audience.lead')}>
        <ItemGrid items={list('about.audience.items')} icons={AUDIENCE_ICONS} columns={2} />
      </Section>

      <Section id="principles" title={t('about.principles.title')}>
        <ItemGrid items={list('about.principles.items')} icons={PRINCIPLE_ICONS} />
      </Section>

      <Section id="onboarding" tinted title={t('about.onboarding.title')} lead={t('about.onboarding.lead')}>
        <Steps items={list('about.onboarding.steps')} />
      </Section>

      <CtaBand />
    </>
  );
}
