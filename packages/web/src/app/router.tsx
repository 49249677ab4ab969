import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Outlet, ScrollRestoration, type RouteObject } from 'react-router';
import { USER_ROLES } from '@verdant/contract';
import { LoadingState } from '../components/ui';
import { authRoutes } from '../features/auth/routes';
import { publicRoutes } from '../features/public/routes';
import {
  DashboardNotFound,
  FallbackNotFoundPage,
  FallbackUnauthorizedPage,
  RouteError,
  UnknownPublicPath,
} from './routes/fallbacks';
import { RequireRole } from './routes/require-role';
import { WithWelcome } from './routes/welcome-gate';
import { paths } from '../lib/paths';

// The dashboard shell (navigation, sync, offline prefetch) is its own chunk: sign-in and the public
// pages never download it.
const DashboardLayout = lazy(() => import('./layout/dashboard-layout').then((m) => ({ default: m.DashboardLayout })));
const OverviewPage = lazy(() => import('./routes/overview-route'));
const QuickviewPage = lazy(() => import('../features/quickview/components/quickview-page'));
const CompanyPage = lazy(() => import('../features/company/components/company-page'));
const ProfilePage = lazy(() => import('../features/profile/components/profile-page'));
const SettingsPage = lazy(() => import('../features/settings/components/settings-page'));
const RoomsPage = lazy(() => import('../features/rooms/map/components/rooms-page'));
const GridFormPage = lazy(() => import('../features/rooms/map/components/grid-form-page'));
const RoomPage = lazy(() => import('../features/rooms/map/components/room-page'));
const TemplatesPage = lazy(() => import('../features/rooms/templates/components/templates-page'));
const MovementsPage = lazy(() => import('../features/rooms/movements/components/movements-page'));
const TransferPage = lazy(() => import('../features/rooms/transfer/components/transfer-page'));
const UnresolvedRoomPage = lazy(() => import('../features/rooms/scouting/components/unresolved-room-page'));
const PlantProblemsPage = lazy(() => import('../features/plant-problems/components/plant-problems-page'));
const ProblemDetailPage = lazy(() => import('../features/plant-problems/components/problem-detail-page'));
const ObservationsPage = lazy(() => import('../features/observations/components/observations-page'));
const OutboxPage = lazy(() => import('../features/outbox/components/outbox-page'));
const FormbuilderPage = lazy(() => import('../features/formbuilder/components/formbuilder-page'));
const TemplateEditorPage = lazy(() => import('../features/formbuilder/components/template-editor-page'));
const SubmitFormPage = lazy(() => import('../features/formbuilder/components/submit-form-page'));
const BatchesPage = lazy(() => import('../features/batches/components/batches-page'));
const BatchLabelsPage = lazy(() => import('../features/batches/components/batch-labels-page'));
const BatchInfoPage = lazy(() => import('../features/batches/components/batch-info-page'));
const InventoryPage = lazy(() => import('../features/inventory/components/inventory-page'));
const ForecastingPage = lazy(() => import('../features/forecasting/components/forecasting-page'));
const CropWalkPage = lazy(() => import('../features/crop-registration/components/walk-page'));
const CropTypesPage = lazy(() => import('../features/crop-registration/components/measurement-types-page'));
const CropSamplePlantsPage = lazy(() => import('../features/crop-registration/components/sample-plants-page'));
const CropBalancePage = lazy(() => import('../features/crop-registration/components/crop-balance-page'));
const CropForecastPage = lazy(() => import('../features/crop-registration/components/forecast-page'));
const AuditTrailPage = lazy(() => import('../features/audit-trail/components/audit-trail-page'));
const LabelsPage = lazy(() => import('../features/labels/components/labels-page'));
const PlacePage = lazy(() => import('../features/quick-observation/components/place-page'));
const ScanLabelPage = lazy(() => import('../features/quick-observation/components/scan-label-page'));
const QuickObservationPage = lazy(() => import('../features/quick-observation/components/quick-observation-page'));
const ReportsPage = lazy(() => import('../features/reports/components/reports-page'));
const ReportPage = lazy(() => import('../features/reports/components/report-page'));
const AutomationsPage = lazy(() => import('../features/automations/components/automations-page'));
const ThresholdsPage = lazy(() => import('../features/thresholds/components/thresholds-page'));
const TreatmentsPage = lazy(() => import('../features/treatments/components/treatments-page'));
const StockPage = lazy(() => import('../features/stock/components/stock-page'));
const SideEffectsPage = lazy(() => import('../features/treatments/components/side-effects-page'));
const CropsPage = lazy(() => import('../features/crops/components/crops-page'));
const RegisterPage = lazy(() => import('../features/register/components/register-page'));
const TasksPage = lazy(() => import('../features/tasks/components/tasks-page'));
const ConsultantsPage = lazy(() => import('../features/consultants/components/consultants-page'));
const ScanNowPage = lazy(() => import('../features/scans/components/scan-now-page'));
const ScanHistoryPage = lazy(() => import('../features/scans/components/scan-history-page'));
const ScanDetailPage = lazy(() => import('../features/scans/components/scan-detail-page'));
const ScanQualityPage = lazy(() => import('../features/scans/components/scan-quality-page'));
const CamerasPage = lazy(() => import('../features/cameras/components/cameras-page'));
const CameraDetailPage = lazy(() => import('../features/cameras/components/camera-detail-page'));
const VideoCapturePage = lazy(() => import('../features/video-capture/components/video-capture-page'));

function page(node: ReactNode) {
  return <Suspense fallback={<LoadingState />}>{node}</Suspense>;
}

function definesPath(routes: RouteObject[], path: string): boolean {
  return routes.some((r) => r.path === path || (r.children ? definesPath(r.children, path) : false));
}

export const dashboardRoutes: RouteObject[] = [
  { index: true, element: <WithWelcome><OverviewPage /></WithWelcome> },
  { path: 'overview', element: <WithWelcome><OverviewPage /></WithWelcome> },
  { path: 'quickview', element: <WithWelcome><QuickviewPage /></WithWelcome> },
  { path: 'company', element: <CompanyPage /> },
  { path: 'profile', element: <ProfilePage /> },
  { path: 'settings', element: <SettingsPage /> },
  { path: 'rooms', element: <RoomsPage /> },
  { path: 'rooms/FormEdit', element: <GridFormPage /> },
  { path: 'rooms/templates', element: <TemplatesPage /> },
  { path: 'rooms/movements', element: <MovementsPage /> },
  { path: 'rooms/transfer', element: <TransferPage /> },
  { path: 'rooms/:roomID', element: <RoomPage /> },
  { path: 'rooms/unresolvedRoom/:roomID', element: <UnresolvedRoomPage /> },
  { path: 'plantsProblems', element: <PlantProblemsPage /> },
  { path: 'plantsProblems/:problemID', element: <ProblemDetailPage /> },
  { path: 'observations', element: <ObservationsPage /> },
  { path: 'outbox', element: <OutboxPage /> },
  { path: 'formbuilder', element: <FormbuilderPage /> },
  { path: 'formbuilder/new', element: <TemplateEditorPage /> },
  { path: 'formbuilder/submit/:templateID/:templateName', element: <SubmitFormPage /> },
  { path: 'formbuilder/:templateID', element: <TemplateEditorPage /> },
  { path: 'formbuilder/:templateID/:templateName', element: <TemplateEditorPage /> },
  { path: 'batches', element: <BatchesPage /> },
  { path: 'batches/labels', element: <BatchLabelsPage /> },
  { path: 'batch-info/:batchId', element: <BatchInfoPage /> },
  { path: 'inventory', element: <InventoryPage /> },
  { path: 'forecasting', element: <ForecastingPage /> },
  { path: 'crop-registration', element: <CropWalkPage /> },
  { path: 'crop-registration/types', element: <CropTypesPage /> },
  { path: 'crop-registration/sample-plants', element: <CropSamplePlantsPage /> },
  { path: 'crop-registration/balance', element: <CropBalancePage /> },
  { path: 'crop-registration/forecast', element: <CropForecastPage /> },
  { path: 'audittrail', element: <AuditTrailPage /> },
  { path: 'labels', element: <LabelsPage /> },
  { path: 'place/:kind/:placeId', element: <PlacePage /> },
  { path: 'scan-label', element: <ScanLabelPage /> },
  { path: 'quick-observation', element: <QuickObservationPage /> },
  { path: 'reports', element: <ReportsPage /> },
  { path: 'reports/:reportID', element: <ReportPage /> },
  { path: 'automations', element: <AutomationsPage /> },
  { path: 'thresholds', element: <ThresholdsPage /> },
  { path: 'treatmentProduct', element: <TreatmentsPage /> },
  { path: 'stock', element: <StockPage /> },
  { path: 'side-effects', element: <SideEffectsPage /> },
  { path: 'crops', element: <CropsPage /> },
  { path: 'register', element: <RegisterPage /> },
  { path: 'tasks', element: <TasksPage /> },
  { path: 'consultants', element: <ConsultantsPage /> },
  { path: 'scanNow', element: <ScanNowPage /> },
  { path: 'scanHistory', element: <ScanHistoryPage /> },
  { path: 'scanHistory/:scanType', element: <ScanHistoryPage /> },
  { path: 'scanHistory/:scanType/:scanHistoryID', element: <ScanDetailPage /> },
  { path: 'scanQuality', element: <ScanQualityPage /> },
  { path: 'automatedcameras', element: <CamerasPage /> },
  { path: 'automatedcameradetail/:camera_id', element: <CameraDetailPage /> },
  { path: 'videoCapture', element: <VideoCapturePage /> },
  { path: '*', element: <DashboardNotFound /> },
];

function Root() {
  return (
    <>
      <ScrollRestoration />
      <Suspense fallback={<LoadingState />}>
        <Outlet />
      </Suspense>
    </>
  );
}

/**
 * One root route receives every path and hands it to the application (spec-1 §2): public pages,
 * sign-in screens, the protected dashboard, then the catch-all for unknown paths.
 */
export function createAppRoutes(extraPublic: RouteObject[] = publicRoutes): RouteObject[] {
  return [
    {
      path: '/',
      element: <Root />,
      errorElement: <RouteError />,
      children: [
        ...extraPublic,
        ...authRoutes,
        ...(definesPath(extraPublic, paths.notFound) ? [] : [{ path: paths.notFound, element: page(<FallbackNotFoundPage />) }]),
        ...(definesPath(extraPublic, paths.unauthorized)
          ? []
          : [{ path: paths.unauthorized, element: page(<FallbackUnauthorizedPage />) }]),
        {
          path: paths.dashboard,
          element: (
            <RequireRole roles={USER_ROLES}>
              <DashboardLayout />
            </RequireRole>
          ),
          children: dashboardRoutes,
        },
        { path: '*', element: <UnknownPublicPath /> },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(createAppRoutes());
}
