import { lazy } from 'react';
import OverviewPage from '../../features/overview/components/overview-page';
import { StockWarningsTile } from '../../features/stock/components/stock-warnings-tile';
import { CropBalanceTile } from '../../features/crop-registration/components/crop-balance-tile';
import { WeatherCard } from '../../features/weather/components/weather-card';

// The chart library is the heaviest part of the reports feature: the overview's own figures paint first,
// and the pinned reports' charts follow when it has loaded (the overview suspends each card on its own).
const ReportChart = lazy(() => import('../../features/reports/components/report-chart').then((m) => ({ default: m.ReportChart })));

/**
 * The overview composed with the weather card and the reports' chart: features do not import each other
 * (docs/web-guide.md), so the app hands them in.
 */
export default function OverviewRoute() {
  return (
    <OverviewPage
      weather={<WeatherCard className="h-full" />}
      stockWarnings={<StockWarningsTile />}
      cropBalance={<CropBalanceTile />}
      renderReport={(r) => <ReportChart kind={r.report_type} data={r.report_data} chartType={r.chart_type} height={220} />}
    />
  );
}
