import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formQueue, submitFormResponse } from '../form-responses';
import { useWaitingPhotos } from '../use-waiting-photos';
import { WaitingPhotoList } from '../../components/photos';
import { db } from '../../offline/db';
import { installBlobCloning } from '../../offline/__tests__/browser-emulation';
import { renderPage } from '../../testing/render';
import { server } from '../../testing/msw-server';
import { signInAs } from '../../testing/session';
import { setOnline } from '../../testing/room-fixtures';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

let restore: Array<() => void> = [];
beforeEach(async () => {
  restore = [installBlobCloning(), setOnline(false)];
  await db.offlineFormResponses.clear();
  await db.offlineFieldResponses.clear();
  URL.createObjectURL = vi.fn((b: Blob) => `blob:${b.size}`);
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  for (const r of restore) r();
});

/** What the box panel and the observations page show: the user's queued photos, filtered to a box. */
function Waiting({ userId, boxId }: { userId: number; boxId: number }) {
  const items = useWaitingPhotos(userId).filter((w) => w.gridBoxIds.includes(boxId));
  return <WaitingPhotoList items={items} />;
}

describe('photos taken offline', () => {
  it('are shown at once from the device, marked waiting, until the queue lets them go', async () => {
    signInAs({ companyId: 3, userId: 7 });
    const leaf = new Blob([new Uint8Array(1234)], { type: 'image/jpeg' });
    const outcome = await submitFormResponse({
      kind: 'box', GridBoxID: 301, submittedBy: 7, label: 'Leaf check · 2,4',
      fieldResponses: [{ fieldID: 1, inputData: 'Aphids' }],
      photos: [{ fieldID: 2, file: leaf }],
    });
    expect(outcome.queued).toBe(true);
    // Someone else's queued photo and another box's are not shown.
    await submitFormResponse({ kind: 'box', GridBoxID: 301, submittedBy: 8, fieldResponses: [], photos: [{ fieldID: 2, file: new Blob(['x']) }] });
    await submitFormResponse({ kind: 'box', GridBoxID: 999, submittedBy: 7, fieldResponses: [], photos: [{ fieldID: 2, file: new Blob(['y']) }] });

    const user = userEvent.setup();
    renderPage(<Waiting userId={7} boxId={301} />);
    const list = await screen.findByRole('list', { name: 'Waiting to upload from this device' });
    expect(within(list).getByText('Leaf check · 2,4')).toBeInTheDocument();
    const thumb = within(list).getByRole('button', { name: /^Open photo 1 of 1: Photo from Leaf check · 2,4/ });
    expect(within(thumb).getByText('Waiting')).toBeInTheDocument();
    await waitFor(() => expect(thumb.querySelector('img')).toHaveAttribute('src', 'blob:1234'));

    await user.click(thumb);
    const viewer = screen.getByRole('dialog', { name: 'Photo viewer' });
    expect(within(viewer).getByRole('img', { name: /^Photo from Leaf check/ })).toHaveAttribute('src', 'blob:1234');
    expect(within(viewer).getByText(/Waiting to upload/)).toBeInTheDocument();
    await user.keyboard('{Escape}');

    if (!outcome.queued) throw new Error('queued above');
    await formQueue().discard(outcome.tempResponseID);
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Waiting to upload from this device' })).not.toBeInTheDocument());
  });
});
