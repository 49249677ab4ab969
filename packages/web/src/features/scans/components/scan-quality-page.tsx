import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ModelQuality, ProblemQuality } from '@verdant/contract';
import { scanQualityQuery } from '../../../api/queries/scans';
import { Alert, Badge, Card, EmptyState, ErrorState, LoadingState, PageHeader, ScrollRegion } from '../../../components/ui';
import { useAuth } from '../../../state/hooks';
import { ScanExport } from './scan-export';

const pct = (v: number | null) => (v === null ? '–' : `${Math.round(v * 100)} %`);
const num = (v: number | null) => (v === null ? '–' : v.toFixed(2));

function QualityTable({ rows, caption, withProblem }: { rows: Array<ModelQuality | ProblemQuality>; caption: string; withProblem: boolean }) {
  const { t } = useTranslation('scans');
  return (
    <ScrollRegion label={caption}>
      <table className="min-w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="text-stone-600">
          <tr>
            <th scope="col" className="py-2 pr-3">{t('quality.model')}</th>
            {withProblem && <th scope="col" className="py-2 pr-3">{t('quality.problem')}</th>}
            <th scope="col" className="py-2 pr-3 text-right">{t('quality.reviewed')}</th>
            <th scope="col" className="py-2 pr-3 text-right">{t('quality.confirmed')}</th>
            <th scope="col" className="py-2 pr-3 text-right">{t('quality.corrected')}</th>
            <th scope="col" className="py-2 pr-3 text-right">{t('quality.rejected')}</th>
            <th scope="col" className="py-2 pr-3 text-right">{t('quality.added')}</th>
            <th scope="col" className="py-2 pr-3 text-right">{t('quality.agreement')}</th>
            <th scope="col" className="py-2 pr-3 text-right">{t('quality.countError')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.model}|${r.model_version}|${'problem' in r ? r.problem : ''}`} className="border-t border-stone-200">
              <td className="py-2 pr-3">
                {r.model} <span className="text-stone-500">{r.model_version}</span>
                {'poor' in r && r.poor && <Badge tone="warning">{t('quality.poor')}</Badge>}
              </td>
              {withProblem && <td className="py-2 pr-3">{'problem' in r ? r.problem : ''}</td>}
              <td className="py-2 pr-3 text-right">{r.reviewed}</td>
              <td className="py-2 pr-3 text-right">{r.confirmed}</td>
              <td className="py-2 pr-3 text-right">{r.corrected}</td>
              <td className="py-2 pr-3 text-right">{r.rejected}</td>
              <td className="py-2 pr-3 text-right">{r.added}</td>
              <td className="py-2 pr-3 text-right">{pct(r.agreement)}</td>
              <td className="py-2 pr-3 text-right">{r.count_samples ? t('quality.countErrorValue', { value: num(r.count_error_mean), n: r.count_samples }) : '–'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/** Scan quality (Admins): how the company's reviewers answered each model version and problem, and the labelled export. */
export default function ScanQualityPage() {
  const { t } = useTranslation('scans');
  const { companyID, userRole } = useAuth();
  const companyId = companyID ?? 0;
  const admin = userRole === 'Admin' || userRole === 'SuperAdmin';
  const quality = useQuery({ ...scanQualityQuery(companyId), enabled: admin && companyId > 0 });
  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <PageHeader title={t('quality.title')} description={t('quality.description')} />
      {!admin ? (
        <Alert tone="info">{t('quality.adminsOnly')}</Alert>
      ) : quality.isPending ? (
        <LoadingState />
      ) : quality.isError ? (
        <ErrorState error={quality.error} onRetry={() => void quality.refetch()} />
      ) : (
        <>
          <p className="text-sm text-stone-600">{t('quality.threshold', { percent: Math.round(quality.data.poor_below * 100), min: quality.data.min_reviews })}</p>
          {quality.data.models.length === 0 ? (
            <EmptyState title={t('quality.empty')} description={t('quality.emptyHelp')} />
          ) : (
            <>
              <Card className="p-4">
                <h2 className="mb-2 text-lg font-semibold text-stone-900">{t('quality.byModel')}</h2>
                <QualityTable rows={quality.data.models} caption={t('quality.byModel')} withProblem={false} />
              </Card>
              <Card className="p-4">
                <h2 className="mb-2 text-lg font-semibold text-stone-900">{t('quality.byProblem')}</h2>
                <QualityTable rows={quality.data.problems} caption={t('quality.byProblem')} withProblem />
              </Card>
            </>
          )}
          <ScanExport companyId={companyId} />
        </>
      )}
    </div>
  );
}
