import { useTranslation } from 'react-i18next';
import type { DoubtCode } from '@verdant/vision';
import { Alert } from '../../../components/ui';

/**
 * "Not sure: check by eye" with the engine's reasons, for a photo it doubted. With findings it only adds
 * the reasons (the scan still needs review); without, it is why the scan is not "clear".
 */
export function UncertainNote({ doubts, withFindings }: { doubts: readonly DoubtCode[]; withFindings: boolean }) {
  const { t } = useTranslation('scans');
  if (doubts.length === 0) return null;
  return (
    <Alert tone="warning" title={withFindings ? t('uncertain.withFindings') : t('uncertain.title')}>
      <div data-testid="scan-uncertain">
        <ul className="list-disc pl-5">
          {doubts.map((d) => (
            <li key={d} data-doubt={d}>
              {t(`doubt.${d}`)}
            </li>
          ))}
        </ul>
        <p className="mt-1">{t('uncertain.lookedAt')}</p>
      </div>
    </Alert>
  );
}
