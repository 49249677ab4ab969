import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { treatmentsMessages } from '@verdant/contract';
import OutboxPage from '../../features/outbox/components/outbox-page';
import { actionQueue, queueAction } from '../../api/action-queue';
import { linkTreatmentBody } from '../../api/treatments';
import { renderPage } from '../../testing/render';
import { API, server } from '../../testing/msw-server';
import { signInAs } from '../../testing/session';
import { installWebLocks } from '../../offline/__tests__/browser-emulation';

// Issue 22: an application recorded offline goes through the outbox; the server checks the label's rules when it
// arrives, and its refusal is kept with its reason on the outbox page.
const restore: Array<() => void> = [];
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  restore.push(installWebLocks());
});
afterEach(() => server.resetHandlers());
afterAll(() => {
  server.close();
  for (const undo of restore) undo();
});

let online = false;
Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });

describe('an application recorded offline and refused at the server', () => {
  it('waits in the outbox, is refused when sent with the rule\'s message, and the outbox shows the reason', async () => {
    signInAs({ userId: 7, companyId: 3 });
    const refusal = treatmentsMessages.bbchNotAuthorised('Vertimec', 'LYPES', 75, 10, 69);
    const sent: Array<Record<string, string>> = [];
    server.use(
      http.post(`${API}/link_treatment_products_gridboxes`, async ({ request }) => {
        sent.push(Object.fromEntries((await request.formData()).entries()) as Record<string, string>);
        return HttpResponse.json({ status: 'error', message: refusal, error: 'unprocessable', field: 'BBCH' }, { status: 422 });
      }),
    );
    const body = linkTreatmentBody({ date: '2026-05-10T08:00:00.000Z', productName: 'Vertimec', quantity: 0.5, boxIds: [11, 12], register: { cropEppo: 'LYPES', bbch: 75 } });
    const out = await queueAction('linkTreatmentProductsGridboxes', body, { companyId: 3, userId: 7, label: 'Vertimec on 2 boxes in East' });
    expect(out.queued).toBe(true);
    expect(sent).toEqual([]);

    online = true;
    const flushed = await actionQueue().flush({ userId: 7 });
    expect(flushed.sent).toHaveLength(0);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ ProductName: 'Vertimec', BBCH: '75', CropEppo: 'LYPES' });

    renderPage(<OutboxPage />);
    const list = await screen.findByRole('list', { name: 'Changes on this device' });
    const [item] = await within(list).findAllByRole('listitem');
    expect(item).toHaveTextContent('Vertimec on 2 boxes in East');
    expect(item).toHaveTextContent(refusal);
    expect(within(item!).queryByText('Changed on the server')).not.toBeInTheDocument();
    expect(screen.getByText('Waiting: 0 · Refused: 1')).toBeInTheDocument();
  });
});
