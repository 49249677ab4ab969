import { Link } from 'react-router';
import { ButtonLink } from '../../../components/ui';
import { CheckList, CtaBand, ItemGrid, PageIntro, Section, Steps } from '../components/blocks';
import { Icon, type IconName } from '../components/icons';
import { FEATURES, type FeatureKey } from '../features';
import { usePageTitle } from '../lib/use-page-title';
import { usePublicText } from '../lib/use-public-text';
import { paths } from '../../../lib/paths';

/** Icons for each feature's highlight cards, in the order of `features.<key>.highlights`. */
const HIGHLIGHT_ICONS: Record<FeatureKey, IconName[]> = {
  camera: ['camera', 'phone', 'compass', 'map', 'calendar', 'form'],
  ipmScouting: ['form', 'map', 'bug', 'spray', 'tasks', 'bell'],
  reporting: ['chart', 'chart', 'boxes', 'form', 'calendar', 'mail'],
  inventory: ['sprout', 'map', 'arrowRight', 'boxes', 'qr', 'leaf'],
  forecasting: ['calendar', 'chart', 'tasks', 'sprout'],
  aiSmartGlasses: ['glasses', 'phone', 'form', 'camera'],
};

/** The one template behind the six feature pages; the words come from `features.<key>` in i18n. */
export function FeaturePage({ feature }: { feature: FeatureKey }) {
  const { t, list } = usePublicText();
  const base = `features.${feature}`;
  const meta = FEATURES.find((f) => f.key === feature) ?? FEATURES[0];
  const details = list<string>(`${base}.details`);
  usePageTitle(t(`featureNames.${feature}`));

  return (
    <>
      <PageIntro
        icon={meta.icon}
        eyebrow={t(`featureNames.${feature}`)}
        title={t(`${base}.title`)}
        lead={t(`${base}.lead`)}
      >
        <div className="flex flex-col gap-3 sm:flex-row">
          <ButtonLink to={paths.contact} size="lg">
            {t('cta.contact')}
          </ButtonLink>
          <ButtonLink to={paths.signIn} variant="secondary" size="lg">
            {t('nav.signIn')}
          </ButtonLink>
        </div>
      </PageIntro>

      <Section id="highlights" title={t(`${base}.highlightsTitle`)}>
        <ItemGrid items={list(`${base}.highlights`)} icons={HIGHLIGHT_ICONS[feature]} columns={feature === 'aiSmartGlasses' || feature === 'forecasting' ? 2 : 3} />
      </Section>

      <Section id="steps" tinted title={t(`${base}.stepsTitle`)}>
        <Steps items={list(`${base}.steps`)} />
      </Section>

      <Section id="details" title={t(`${base}.detailsTitle`)} lead={t(`${base}.detailsLead`)}>
        <div className="grid gap-8 lg:grid-cols-[1.4fr_1fr]">
          <CheckList items={details} />
          <aside aria-labelledby="note-title" className="rounded-xl border border-stone-200 bg-stone-50 p-5">
            <h3 id="note-title" className="flex items-center gap-2 text-base font-semibold text-stone-900">
              <Icon name="leaf" className="size-5 text-brand-700" />
              {t(`${base}.note.title`)}
            </h3>
            <p className="mt-2 text-sm leading-relaxed text-stone-700">{t(`${base}.note.body`)}</p>
          </aside>
        </div>
      </Section>

      <Section id="related" tinted title={t('common.related')}>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
          {FEATURES.filter((f) => f.key !== feature).map((f) => (
            <li key={f.key}>
              <Link
                to={f.path}
                className="flex min-h-14 items-center gap-3 rounded-xl border border-stone-200 bg-white px-4 py-3 text-sm font-semibold text-stone-900 hover:border-brand-300 hover:text-brand-700"
              >
                <Icon name={f.icon} className="size-5 text-brand-700" />
                {t(`featureNames.${f.key}`)}
              </Link>
            </li>
          ))}
        </ul>
      </Section>

      <CtaBand />
    </>
  );
}
