import { useTranslation } from 'react-i18next';
import { Alert } from './alert';
import { Button } from './button';
import { Spinner } from './spinner';

/** The spec's loading text ("Loading..." in English, in the reader's language otherwise), with a spinner. */
export function LoadingState({ className }: { className?: string }) {
  const { t } = useTranslation('app');
  return (
    <div role="status" className={className ?? 'flex items-center justify-center gap-3 py-10 text-stone-700'}>
      <Spinner />
      <span>{t('ui.loading')}</span>
    </div>
  );
}

/** The loading text alone, for a small part of a screen (a panel's list, a card's chart). */
export function LoadingText({ className, spinner = false }: { className?: string; spinner?: boolean }) {
  const { t } = useTranslation('app');
  return (
    <p role="status" className={className ?? 'text-sm text-stone-600'}>
      {spinner && <Spinner size="sm" />}
      {t('ui.loading')}
    </p>
  );
}

/** A failed fetch: what happened and a way to try again. */
export function ErrorState({ error, onRetry, title }: { error: unknown; onRetry?: () => void; title?: string }) {
  const { t } = useTranslation('app');
  const message = error instanceof Error ? error.message : String(error ?? '');
  // Offline with nothing stored on this device yet (api/offline-read.ts): not a failure, no retry.
  if (error instanceof Error && error.name === 'NotAvailableOfflineError') {
    return (
      <Alert tone="warning" title={t('notAvailableTitle', { ns: 'offline-status' })}>
        {message}
      </Alert>
    );
  }
  return (
    <Alert
      tone="danger"
      title={title ?? t('ui.loadFailed')}
      action={
        onRetry && (
          <Button size="sm" variant="secondary" onClick={onRetry}>
            {t('ui.retry')}
          </Button>
        )
      }
    >
      {message}
    </Alert>
  );
}
