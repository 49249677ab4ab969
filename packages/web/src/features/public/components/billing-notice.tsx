import { Link } from 'react-router';
import { Alert } from '../../../components/ui';

import { usePublicText } from '../lib/use-public-text';
import { paths } from '../../../lib/paths';

/** The honest state of payments: no online checkout exists on this installation. */
export function BillingNotice({ plan }: { plan?: string }) {
  const { t } = usePublicText();
  const to = plan ? `${paths.contact}?plan=${plan}` : paths.contact;
  return (
    <Alert
      tone="info"
      title={t('billing.notConfigured')}
      action={
        <Link to={to} className="font-semibold text-blue-900 underline underline-offset-2 hover:no-underline">
          {t('billing.contactLink')}
        </Link>
      }
    >
      {t('billing.explain')}
    </Alert>
  );
}
