import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { deviceToday } from '@verdant/contract';
import { PageHeader } from '../../../components/ui';
import { observationsQuery } from '../../../api/queries/observations';
import { OPEN_PROBLEMS, problemTrendsQuery, SUSPECTED_PROBLEMS } from '../../../api/queries/overview';
import { useFormatDay } from '../../../lib/format-date';
import { useAuth } from '../../../state/hooks';
import { weeklyTotals } from '../lib/problem-summary';
import { useHarvestsDue } from '../api/use-harvests-due';
import { usePinnedReports } from '../api/use-pinned-reports';
import { HarvestsCard } from './harvests-card';
import { PinnedReports, type RenderReport } from './pinned-reports';
import { ProblemsCard } from './problems-card';
import { QuickLinks } from './quick-links';
import { WorstRoomsCard } from './worst-rooms-card';
import { ScoutingOverdueCard } from './scouting-overdue-card';
import { ThresholdsCard } from './thresholds-card';
import { OverviewCard } from './overview-card';
import { paths } from '../../../lib/paths';

export interface OverviewPageProps {
  /** Today's weather and the week's forecast for the company's location (composed by app/). */
  weather?: ReactNode;
  /** Draws a pinned report's chart (composed by app/). */
  renderReport?: RenderReport;
  /** Low stock, expired lots and shortfalls (the stock feature's tile, composed by app/). */
  stockWarnings?: ReactNode;
  /** Each room's growth and generative/vegetative reading (the crop registration tile, composed by app/). */
  cropBalance?: ReactNode;
}

/**
 * The grower's morning screen: where the pressure is and whether it is rising, what will be harvested
 * this week and next, the pinned reports and the weather; every card leads to where it is acted on.
 * The company's tiles follow as quick links.
 */
export default function OverviewPage({ weather, renderReport, stockWarnings, cropBalance }: OverviewPageProps) {
  const { t } = useTranslation('overview');
  const day = useFormatDay();
  const { companyID } = useAuth();
  const companyId = companyID ?? 0;
  const enabled = Boolean(companyID);
  const open = useQuery({ ...observationsQuery(companyId, OPEN_PROBLEMS), enabled });
  const suspected = useQuery({ ...observationsQuery(companyId, SUSPECTED_PROBLEMS), enabled });
  const trend = useQuery({ ...problemTrendsQuery(companyId), select: weeklyTotals, enabled });
  const harvests = useHarvestsDue(companyId);
  const pinned = usePinnedReports(companyId);

  return (
    <>
      <PageHeader title={t('title')} description={t('description', { date: day(deviceToday()) })} />
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
        <ProblemsCard open={open} trend={trend} suspected={suspected.data?.total_count ?? null} />
        <WorstRoomsCard open={open} />
        <HarvestsCard query={harvests} />
        <ScoutingOverdueCard companyId={companyId} />
        <ThresholdsCard companyId={companyId} />
        {stockWarnings && (
          <OverviewCard title={t('stockWarnings.title')} icon="treatment" link={{ to: paths.stock, label: t('stockWarnings.link') }} testId="overview-stock">
            {stockWarnings}
          </OverviewCard>
        )}
        {cropBalance && (
          <OverviewCard title={t('cropBalance.title')} icon="leaf" link={{ to: paths.cropBalance, label: t('cropBalance.link') }} testId="overview-crop-balance">
            {cropBalance}
          </OverviewCard>
        )}
        {weather && <div className="min-w-0 md:col-span-2 xl:col-span-3">{weather}</div>}
      </div>
      <PinnedReports query={pinned} render={renderReport} />
      <QuickLinks />
    </>
  );
}
