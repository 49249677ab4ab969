import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingText } from '../../../components/ui';
import { Icon, type IconName } from '../../../components/icons';
import { cn } from '../../../lib/cn';

export interface OverviewCardProps {
  title: ReactNode;
  icon: IconName;
  /** Where the grower acts on what the card shows. */
  link: { to: string; label: ReactNode };
  className?: string;
  children: ReactNode;
  testId?: string;
}

/** One figure of the morning screen: a titled section whose footer leads to where it is acted on. */
export function OverviewCard({ title, icon, link, className, children, testId }: OverviewCardProps) {
  return (
    <section data-testid={testId} className={cn('flex min-w-0 flex-col rounded-xl border border-stone-200 bg-white shadow-xs', className)}>
      <h2 className="flex items-center gap-2 px-4 pt-4 text-base font-semibold text-stone-900 sm:px-5">
        <Icon name={icon} className="size-5 text-brand-700" aria-hidden="true" />
        {title}
      </h2>
      <div className="flex-1 px-4 py-3 sm:px-5">{children}</div>
      <Link
        to={link.to}
        className="flex min-h-11 items-center justify-between gap-2 rounded-b-xl border-t border-stone-200 px-4 text-sm font-semibold text-brand-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 sm:px-5"
      >
        {link.label}
        <span aria-hidden="true">→</span>
      </Link>
    </section>
  );
}

/** The part of a read a card needs (a query result, or two dependent reads seen as one). */
export interface CardQuery<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** What a card shows while its data loads, after a failure, or when there is nothing to show yet. */
export function CardState({ query, children }: { query: Omit<CardQuery<unknown>, 'data'>; children: ReactNode }) {
  const { t } = useTranslation('overview');
  if (query.isPending) {
    return (
      <LoadingText spinner className="flex items-center gap-2 py-6 text-sm text-stone-600" />
    );
  }
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} title={t('cardFailed')} />;
  return <>{children}</>;
}

/** A card with nothing to show: says why, and what to do about it. */
export function CardEmpty({ title, hint, action }: { title: ReactNode; hint: ReactNode; action?: ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-stone-300 bg-white px-4 py-5 text-center">
      <p className="text-sm font-semibold text-stone-900">{title}</p>
      <p className="mt-1 text-sm text-stone-600">{hint}</p>
      {action && <div className="mt-3 flex justify-center">{action}</div>}
    </div>
  );
}
