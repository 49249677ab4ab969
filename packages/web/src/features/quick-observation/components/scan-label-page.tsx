import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Card, PageHeader } from '../../../components/ui';
import { linkTarget } from '../lib/place-link';
import { LabelScanner } from './label-scanner';

/** scan-label: read a place or batch label and open it. */
export default function ScanLabelPage() {
  const { t } = useTranslation('quick-observation');
  const navigate = useNavigate();
  return (
    <div className="max-w-xl">
      <PageHeader title={t('scan.title')} description={t('scan.description')} />
      <Card>
        <LabelScanner
          onLink={(link) => {
            const to = linkTarget(link);
            if (to) void navigate(to);
          }}
        />
      </Card>
    </div>
  );
}
