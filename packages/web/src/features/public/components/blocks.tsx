import type { ReactNode } from 'react';
import { ButtonLink } from '../../../components/ui';
import { cn } from '../../../lib/cn';

import type { TextItem } from '../lib/use-public-text';
import { usePublicText } from '../lib/use-public-text';
import { Icon, type IconName } from './icons';
import { paths } from '../../../lib/paths';

/** Page width and side padding shared by every public section. */
export function Container({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={cn('mx-auto w-full max-w-6xl px-4 sm:px-6', className)}>{children}</div>;
}

export function Eyebrow({ children, className }: { children: ReactNode; className?: string }) {
  return <p className={cn('text-sm font-semibold tracking-wide text-brand-700 uppercase', className)}>{children}</p>;
}

interface SectionProps {
  id?: string;
  eyebrow?: ReactNode;
  title: ReactNode;
  lead?: ReactNode;
  tinted?: boolean;
  className?: string;
  children?: ReactNode;
}

/** A titled band of a page (h2), labelled by its title for landmark navigation. */
export function Section({ id, eyebrow, title, lead, tinted, className, children }: SectionProps) {
  const headingId = id ? `${id}-title` : undefined;
  return (
    <section id={id} aria-labelledby={headingId} className={cn('py-14 sm:py-20', tinted && 'bg-stone-50', className)}>
      <Container>
        <div className="max-w-3xl">
          {eyebrow && <Eyebrow className="mb-2">{eyebrow}</Eyebrow>}
          <h2 id={headingId} className="text-2xl font-bold tracking-tight text-balance text-stone-900 sm:text-3xl">
            {title}
          </h2>
          {lead && <p className="mt-3 text-base leading-relaxed text-pretty text-stone-700 sm:text-lg">{lead}</p>}
        </div>
        {children && <div className="mt-10">{children}</div>}
      </Container>
    </section>
  );
}

/** The top of an inner page: its single h1 and what the page is about. */
export function PageIntro({
  eyebrow,
  title,
  lead,
  badge,
  icon,
  children,
}: {
  eyebrow?: ReactNode;
  title: ReactNode;
  lead?: ReactNode;
  badge?: ReactNode;
  icon?: IconName;
  children?: ReactNode;
}) {
  return (
    <div className="border-b border-stone-200 bg-gradient-to-b from-brand-50 to-white">
      <Container className="py-12 sm:py-16">
        <div className="max-w-3xl">
          {(icon || eyebrow) && (
            <div className="mb-4 flex flex-wrap items-center gap-3">
              {icon && (
                <span className="inline-flex size-11 items-center justify-center rounded-xl bg-brand-700 text-white">
                  <Icon name={icon} />
                </span>
              )}
              {eyebrow && <Eyebrow>{eyebrow}</Eyebrow>}
              {badge}
            </div>
          )}
          <h1 className="text-3xl font-bold tracking-tight text-balance text-stone-900 sm:text-4xl">{title}</h1>
          {lead && <p className="mt-4 text-lg leading-relaxed text-pretty text-stone-700">{lead}</p>}
          {children && <div className="mt-6">{children}</div>}
        </div>
      </Container>
    </div>
  );
}

/** A grid of short title + text cards, each with an icon. */
export function ItemGrid({ items, icons, columns = 3 }: { items: TextItem[]; icons: IconName[]; columns?: 2 | 3 }) {
  return (
    <ul className={cn('grid gap-4 sm:grid-cols-2 sm:gap-6', columns === 3 && 'lg:grid-cols-3')}>
      {items.map((item, i) => (
        <li key={item.title} className="rounded-xl border border-stone-200 bg-white p-5 shadow-xs">
          <span className="inline-flex size-10 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
            <Icon name={icons[i % icons.length] ?? 'leaf'} className="size-5" />
          </span>
          <h3 className="mt-4 text-base font-semibold text-stone-900">{item.title}</h3>
          <p className="mt-1.5 text-sm leading-relaxed text-stone-700">{item.body}</p>
        </li>
      ))}
    </ul>
  );
}

/** Numbered steps, in reading order. */
export function Steps({ items }: { items: TextItem[] }) {
  return (
    <ol className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">
      {items.map((item, i) => (
        <li key={item.title} className="relative flex gap-4 md:flex-col">
          <span
            aria-hidden="true"
            className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-700 text-base font-bold text-white"
          >
            {i + 1}
          </span>
          <div>
            <h3 className="text-base font-semibold text-stone-900">{item.title}</h3>
            <p className="mt-1.5 text-sm leading-relaxed text-stone-700">{item.body}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}

export function CheckList({ items, className }: { items: string[]; className?: string }) {
  return (
    <ul className={cn('space-y-2.5', className)}>
      {items.map((item) => (
        <li key={item} className="flex gap-2.5 text-sm leading-relaxed text-stone-800">
          <Icon name="check" className="mt-0.5 size-5 text-brand-700" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

/** Closing call to action: sign in, or contact us for an account (sign-up is by invitation). */
export function CtaBand({ title, body }: { title?: ReactNode; body?: ReactNode }) {
  const { t } = usePublicText();
  return (
    <section aria-labelledby="cta-title" className="border-t border-brand-100 bg-brand-50">
      <Container className="flex flex-col gap-6 py-14 md:flex-row md:items-center md:justify-between">
        <div className="max-w-2xl">
          <h2 id="cta-title" className="text-2xl font-bold tracking-tight text-balance text-stone-900">
            {title ?? t('cta.title')}
          </h2>
          <p className="mt-2 text-base leading-relaxed text-stone-700">{body ?? t('cta.body')}</p>
        </div>
        <div className="flex shrink-0 flex-col gap-3 sm:flex-row">
          <ButtonLink to={paths.contact} size="lg">
            {t('cta.contact')}
          </ButtonLink>
          <ButtonLink to={paths.signIn} variant="secondary" size="lg">
            {t('nav.signIn')}
          </ButtonLink>
        </div>
      </Container>
    </section>
  );
}
