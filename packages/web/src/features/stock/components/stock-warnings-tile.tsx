import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingText } from '../../../components/ui';
import { stockWarningsQuery } from '../../../api/queries/stock';
import { useAuth } from '../../../state/hooks';
import { StockWarningsList, warningCount } from './stock-warnings';

/**
 * The stock warnings as the overview shows them (the app frames it in an overview card, since features do not
 * import each other): loading, a failure with retry, "nothing to act on", or the same list as the stock page.
 */
export function StockWarningsTile() {
  const { t } = useTranslation('stock');
  const { companyID } = useAuth();
  const companyId = Number(companyID ?? 0);
  const warnings = useQuery({ ...stockWarningsQuery(companyId), enabled: companyId > 0 });
  if (warnings.isPending) return <LoadingText spinner className="flex items-center gap-2 py-6 text-sm text-stone-600" />;
  if (warnings.isError) return <ErrorState error={warnings.error} onRetry={() => void warnings.refetch()} title={t('overview.failed')} />;
  if (warningCount(warnings.data) === 0) {
    return (
      <div className="rounded-lg border border-dashed border-stone-300 bg-white px-4 py-5 text-center">
        <p className="text-sm font-semibold text-stone-900">{t('overview.noneTitle')}</p>
        <p className="mt-1 text-sm text-stone-600">{t('overview.noneHint')}</p>
      </div>
    );
  }
  return <StockWarningsList warnings={warnings.data} />;
}
