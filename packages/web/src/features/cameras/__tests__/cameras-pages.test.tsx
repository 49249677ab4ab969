import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { Camera, ScanDetails, ScanDetection } from '@verdant/contract';
import CamerasPage from '../components/cameras-page';
import CameraDetailPage from '../components/camera-detail-page';
import { renderPage, renderRoutes } from '../../../testing/render';
import { API, server } from '../../../testing/msw-server';
import { signInAs } from '../../../testing/session';
import { makeRoom } from '../../../testing/room-fixtures';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const T = '2026-11-20T09:30:00.000Z';
const detection = (extra: Partial<ScanDetection>): ScanDetection => ({
  detection_id: 1, scan_image_id: 501, label: 'powdery', problem_id: 40, problem: 'Powdery mildew', confidence: 0.82, affected_percent: 12.5,
  count: null, severity: 2, regions: [], review: 'pending', corrected_problem_id: null, corrected_problem: null, reviewed_by: null,
  reviewed_at: null, observation_id: 901, observation_status: 'open', origin: 'engine', reviewed_count: null, reviewed_affected_percent: null,
  reviewed_regions: null, ...extra,
});
const cameraScan = (id: number, detections: ScanDetection[]): ScanDetails => ({
  scan_id: id, scan_type: 'grid', status: 'needs_review', kind: 'leaf', RoomID: 11, RoomName: 'Bay 1', GridID: 21, GridName: 'Grid A',
  GridBoxID: null, BoxName: null, ai_model: 'plantDiseaseRecognition', engine: 'verdant-vision', engine_version: '1.0.0',
  model: 'verdant-vision-leaf-trap', model_version: '1.0.0', image_count: 1, detection_count: detections.length, problems: ['Powdery mildew'],
  thumb_url: null, captured_at: T, created_at: T, created_by: 7, created_by_name: 'Me Grower', images: [], detections, client_analysis: null,
});

const camera = (id: number, extra: Partial<Camera> = {}): Camera => ({
  camera_id: id, name: `Camera ${id}`, RoomID: 11, RoomName: 'Bay 1', GridID: 21, GridName: 'Grid A', token_status: 'active',
  token_hint: 'vcam_abcd…', token_created_at: '2026-11-20T09:00:00.000Z', last_ingest_at: null, image_count: 0,
  created_at: '2026-11-20T09:00:00.000Z', created_by: 7, ...extra,
});

function cameraApi(initial: Camera[]) {
  const state = { cameras: [...initial], registered: [] as unknown[], revoked: [] as unknown[] };
  server.use(
    http.get(`${API}/load_room_grids_boxes`, () => HttpResponse.json({ status: 'success', rooms: [makeRoom({ nx: 2, ny: 1 })] })),
    http.get(`${API}/get_cameras`, () => HttpResponse.json({ status: 'success', cameras: state.cameras })),
    http.post(`${API}/register_camera`, async ({ request }) => {
      const body = (await request.json()) as { name: string };
      state.registered.push(body);
      const cam = camera(9, { name: body.name });
      state.cameras = [cam, ...state.cameras];
      return HttpResponse.json({ status: 'success', message: 'Camera registered.', camera: cam, ingest_token: 'vcam_secret-token-value' });
    }),
    http.post(`${API}/revoke_camera_token`, async ({ request }) => {
      state.revoked.push(await request.json());
      state.cameras = state.cameras.map((c) => ({ ...c, token_status: 'revoked' as const }));
      return HttpResponse.json({ status: 'success', message: 'Camera token revoked.', camera: state.cameras[0] });
    }),
  );
  return state;
}

describe('CamerasPage', () => {
  it('lets an Admin register a camera for a grid and shows its token once', async () => {
    signInAs({ userId: 7, companyId: 3, role: 'Admin' });
    const api = cameraApi([]);
    const user = userEvent.setup();
    renderPage(<CamerasPage />);
    expect(await screen.findByText('No cameras yet')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Camera name'), 'Bench cam');
    await user.selectOptions(await screen.findByLabelText('Room'), '11');
    await user.selectOptions(screen.getByLabelText('Grid'), '21');
    await user.click(screen.getByRole('button', { name: 'Register camera' }));
    expect(await screen.findByLabelText('Ingest token')).toHaveTextContent('vcam_secret-token-value');
    expect(api.registered).toEqual([{ company_id: 3, grid_id: 21, name: 'Bench cam' }]);
    expect(await screen.findByText('Bench cam')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByText('vcam_secret-token-value')).not.toBeInTheDocument();
  });

  it('asks before revoking a token', async () => {
    signInAs({ userId: 7, companyId: 3, role: 'Admin' });
    const api = cameraApi([camera(4)]);
    const user = userEvent.setup();
    renderPage(<CamerasPage />);
    await user.click(await screen.findByRole('button', { name: 'Revoke token' }));
    const dialog = await screen.findByRole('dialog');
    expect(api.revoked).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Revoke token' }));
    expect(await screen.findByText('Token revoked')).toBeInTheDocument();
    expect(api.revoked).toEqual([{ company_id: 3, camera_id: 4 }]);
  });

  it('offers a Regular user the list only', async () => {
    signInAs({ userId: 8, companyId: 3, role: 'Regular' });
    cameraApi([camera(4)]);
    renderPage(<CamerasPage />);
    expect(await screen.findByText('Camera 4')).toBeInTheDocument();
    expect(screen.queryByLabelText('Camera name')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revoke token' })).not.toBeInTheDocument();
  });
});

describe('CameraDetailPage', () => {
  it("lists the camera's images with what the model found", async () => {
    signInAs({ userId: 8, companyId: 3, role: 'Regular' });
    const scan = cameraScan(5, [detection({ affected_percent: 12.34 })]);
    server.use(
      http.get(`${API}/get_camera_images`, ({ request }) => {
        expect(new URL(request.url).searchParams.get('camera_id')).toBe('4');
        return HttpResponse.json({ status: 'success', camera: camera(4, { image_count: 1 }), scans: [scan], page: 1, per_page: 20, total: 1 });
      }),
    );
    renderRoutes([{ path: '/automatedcameradetail/:camera_id', element: <CameraDetailPage /> }], '/automatedcameradetail/4');
    expect(await screen.findByRole('heading', { name: 'Camera 4' })).toBeInTheDocument();
    expect(await screen.findByText('Powdery mildew: 12.3% of the leaf')).toBeInTheDocument();
  });

  it('says when the camera has sent no image yet', async () => {
    signInAs({ userId: 8, companyId: 3, role: 'Regular' });
    server.use(http.get(`${API}/get_camera_images`, () => HttpResponse.json({ status: 'success', camera: camera(4), scans: [], page: 1, per_page: 20, total: 0 })));
    renderRoutes([{ path: '/automatedcameradetail/:camera_id', element: <CameraDetailPage /> }], '/automatedcameradetail/4');
    expect(await screen.findByText('No images yet')).toBeInTheDocument();
  });
});
