import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { scanModelAgreementQuery } from '../../../api/queries/scans';
import { Alert } from '../../../components/ui';

/**
 * On a scan's page: a warning when the model version that analysed it agrees poorly with the company's
 * reviewers (below the contract's threshold, from its minimum sample on; docs/decisions.md). Silent while
 * loading or when the figure cannot be read: it is advice, not the page.
 */
export function ModelAgreementWarning({ companyId, scanId }: { companyId: number; scanId: number }) {
  const { t } = useTranslation('scans');
  const agreement = useQuery(scanModelAgreementQuery(companyId, scanId));
  const q = agreement.data?.quality;
  if (!q?.poor || q.agreement === null) return null;
  return (
    <div className="mb-4" data-testid="model-agreement-warning">
      <Alert tone="warning" title={t('quality.poorTitle')}>
        {t('quality.poorHelp', { model: q.model, version: q.model_version, percent: Math.round(q.agreement * 100), reviewed: q.reviewed })}
      </Alert>
    </div>
  );
}
