import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { analyseImage } from '@verdant/vision';
import { makeCardImage, makeLeafImage } from '@verdant/vision/testing';
import ScanNowPage from '../components/scan-now-page';
import { localFindings } from '../lib/local-findings';
import { renderPage } from '../../../testing/render';
import { API, server } from '../../../testing/msw-server';
import { signInAs } from '../../../testing/session';
import { makeRoom, setOnline } from '../../../testing/room-fixtures';
import { companySettingsHandlers } from '../../../testing/settings-handlers';

// jsdom has no Web Worker: only the transport is replaced; the analysis is the library's own, run here.
const leaf = makeLeafImage({ seed: 1, lesions: { necrotic: 0.06, powdery: 0.04 } });
vi.mock('../worker/analyse-on-device', () => ({
  analyseOnDevice: vi.fn(async () => analyseImage(leaf.image)),
}));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('localFindings', () => {
  it('turns a leaf analysis into findings with regions in fractions of the photo', () => {
    const findings = localFindings(analyseImage(leaf.image));
    expect(findings.map((f) => f.label).sort()).toEqual(['necrotic', 'powdery']);
    for (const f of findings) {
      expect(f.regions.length).toBeGreaterThan(0);
      for (const r of f.regions) if (r.type === 'box') expect(r.x + r.width).toBeLessThanOrEqual(1);
    }
  });

  it('turns a sticky-trap count into one finding per size class, counts adding up to the total', () => {
    const a = analyseImage(makeCardImage({ insects: 120, seed: 3 }).image);
    expect(a.kind).toBe('sticky_trap');
    if (a.kind !== 'sticky_trap') return;
    const findings = localFindings(a);
    expect(findings.reduce((n, f) => n + (f.count ?? 0), 0)).toBe(a.trap.counts.reduce((n, c) => n + c.count, 0));
  });
});

describe('ScanNowPage offline', () => {
  it('analyses the photo on the device without calling the server and says it is not saved', async () => {
    signInAs({ userId: 7, companyId: 3, role: 'Regular' });
    let created = 0;
    server.use(
      ...companySettingsHandlers().handlers,
      http.get(`${API}/load_room_grids_boxes`, () => HttpResponse.json({ status: 'success', rooms: [makeRoom({ nx: 2, ny: 1 })] })),
      http.post(`${API}/create_scan`, () => {
        created++;
        return HttpResponse.json({ status: 'error', message: 'unexpected' }, { status: 500 });
      }),
    );
    const user = userEvent.setup();
    renderPage(<ScanNowPage />);
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Room' }), '11');
    await user.upload(screen.getByLabelText('Upload photos'), new File([new Uint8Array([1])], 'leaf.png', { type: 'image/png' }));
    const restore = setOnline(false);
    try {
      await user.click(screen.getByRole('button', { name: 'Analyse' }));
      const result = await screen.findByTestId('on-device-result');
      expect(within(result).getByText(/not saved on the server/)).toBeInTheDocument();
      const names = within(result).getAllByRole('listitem').map((li) => li.textContent ?? '');
      expect(names.some((n) => n.includes('% of the leaf'))).toBe(true);
      expect(created).toBe(0);
    } finally {
      restore();
    }
  });
});
