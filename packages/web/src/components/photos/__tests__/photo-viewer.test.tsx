import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '../../../testing/render';
import { server } from '../../../testing/msw-server';
import { signInAs } from '../../../testing/session';
import { PhotoStrip } from '../photo-strip';
import type { ViewerPhoto } from '../photos';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/**
 * GET /image answers a Blob, which jsdom's XMLHttpRequest cannot build from a mocked response, so the one
 * client function is replaced here: it records the key each <img> asked for (the server side of it is in
 * response-photos.routes.test.ts, the real fetch in the e2e photos spec).
 */
const fetchImage = vi.hoisted(() => vi.fn<(url: string) => Promise<Blob>>());
vi.mock('../../../api/rooms', async (original) => ({ ...(await original<typeof import('../../../api/rooms')>()), fetchImage }));

/** jsdom has no object URLs: each Blob gets a fake one. */
beforeEach(() => {
  let n = 0;
  URL.createObjectURL = vi.fn(() => `blob:${++n}`);
  URL.revokeObjectURL = vi.fn();
  fetchImage.mockReset();
});

const photo = (i: number): ViewerPhoto => ({
  id: `p${i}`,
  imageUrl: `/api/image?key=company-3%2Fform-responses%2F${i}.webp`,
  thumbUrl: `/api/image?key=company-3%2Fform-responses%2F${i}-thumb.webp`,
  alt: `Leaf ${i}`,
});

function images(found = true) {
  const asked: string[] = [];
  fetchImage.mockImplementation(async (url) => {
    asked.push(new URLSearchParams(url.slice(url.indexOf('?') + 1)).get('key') ?? '');
    if (!found) throw new Error('Image not found');
    return new Blob([new Uint8Array([1, 2, 3])], { type: 'image/webp' });
  });
  return asked;
}

function renderStrip(photos = [photo(1), photo(2), photo(3)]) {
  signInAs({ companyId: 3, userId: 7 });
  return renderPage(<PhotoStrip photos={photos} label="Scouting photos" />);
}

describe('PhotoStrip and PhotoViewer', () => {
  it('shows a thumbnail per photo, fetched with the token, and opens the viewer at the one tapped', async () => {
    const asked = images();
    const user = userEvent.setup();
    renderStrip();
    const list = await screen.findByRole('list', { name: 'Scouting photos' });
    expect(within(list).getAllByRole('button')).toHaveLength(3);
    await waitFor(() => expect(asked).toEqual(expect.arrayContaining(['company-3/form-responses/1-thumb.webp', 'company-3/form-responses/3-thumb.webp'])));
    expect(asked.some((k) => !k.endsWith('-thumb.webp'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Open photo 2 of 3: Leaf 2' }));
    const viewer = screen.getByRole('dialog', { name: 'Photo viewer' });
    expect(within(viewer).getByText('2 of 3')).toBeInTheDocument();
    expect(await within(viewer).findByRole('img', { name: 'Leaf 2' })).toBeInTheDocument();
    await waitFor(() => expect(asked).toContain('company-3/form-responses/2.webp'));
    expect(within(viewer).getByRole('button', { name: 'Close photo' })).toHaveFocus();
  });

  it('moves with the arrow keys and the side buttons, and stops at the ends', async () => {
    images();
    const user = userEvent.setup();
    renderStrip();
    await user.click(await screen.findByRole('button', { name: 'Open photo 1 of 3: Leaf 1' }));
    const viewer = screen.getByRole('dialog', { name: 'Photo viewer' });
    await user.keyboard('{ArrowLeft}');
    expect(within(viewer).getByText('1 of 3')).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(within(viewer).getByText('2 of 3')).toBeInTheDocument();
    expect(await within(viewer).findByRole('img', { name: 'Leaf 2' })).toBeInTheDocument();
    await user.click(within(viewer).getByRole('button', { name: 'Next photo' }));
    expect(within(viewer).getByText('3 of 3')).toBeInTheDocument();
    expect(within(viewer).getByRole('button', { name: 'Next photo' })).toBeDisabled();
    await user.keyboard('{ArrowRight}');
    expect(within(viewer).getByText('3 of 3')).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}');
    expect(within(viewer).getByText('2 of 3')).toBeInTheDocument();
  });

  it('swipes left and right between photos, and a swipe down closes', async () => {
    images();
    const user = userEvent.setup();
    renderStrip();
    await user.click(await screen.findByRole('button', { name: 'Open photo 1 of 3: Leaf 1' }));
    const viewer = screen.getByRole('dialog', { name: 'Photo viewer' });
    const swipe = (dx: number, dy: number) => {
      const stage = within(viewer).getByTestId('photo-stage');
      fireEvent.pointerDown(stage, { pointerId: 1, pointerType: 'touch', clientX: 200, clientY: 300 });
      fireEvent.pointerMove(stage, { pointerId: 1, pointerType: 'touch', clientX: 200 + dx / 2, clientY: 300 + dy / 2 });
      fireEvent.pointerUp(stage, { pointerId: 1, pointerType: 'touch', clientX: 200 + dx, clientY: 300 + dy });
    };
    swipe(-150, 10);
    expect(within(viewer).getByText('2 of 3')).toBeInTheDocument();
    swipe(-150, -5);
    expect(within(viewer).getByText('3 of 3')).toBeInTheDocument();
    swipe(150, 0);
    expect(within(viewer).getByText('2 of 3')).toBeInTheDocument();
    swipe(-20, 0);
    expect(within(viewer).getByText('2 of 3')).toBeInTheDocument();
    swipe(5, 180);
    expect(screen.queryByRole('dialog', { name: 'Photo viewer' })).not.toBeInTheDocument();
  });

  it('zooms with the buttons, double click and wheel, and fits again on the next photo', async () => {
    images();
    const user = userEvent.setup();
    renderStrip();
    await user.click(await screen.findByRole('button', { name: 'Open photo 1 of 3: Leaf 1' }));
    const viewer = screen.getByRole('dialog', { name: 'Photo viewer' });
    expect(within(viewer).getByText('100%')).toBeInTheDocument();
    expect(within(viewer).getByRole('button', { name: 'Zoom out' })).toBeDisabled();
    await user.click(within(viewer).getByRole('button', { name: 'Zoom in' }));
    expect(within(viewer).getByText('150%')).toBeInTheDocument();
    await user.click(within(viewer).getByRole('button', { name: 'Fit to screen' }));
    expect(within(viewer).getByText('100%')).toBeInTheDocument();
    fireEvent.doubleClick(within(viewer).getByTestId('photo-stage'), { clientX: 10, clientY: 10 });
    expect(within(viewer).getByText('250%')).toBeInTheDocument();
    // While zoomed, a sideways drag pans the photo instead of changing it.
    const stage = within(viewer).getByTestId('photo-stage');
    fireEvent.pointerDown(stage, { pointerId: 2, pointerType: 'touch', clientX: 200, clientY: 300 });
    fireEvent.pointerMove(stage, { pointerId: 2, pointerType: 'touch', clientX: 50, clientY: 300 });
    fireEvent.pointerUp(stage, { pointerId: 2, pointerType: 'touch', clientX: 50, clientY: 300 });
    expect(within(viewer).getByText('1 of 3')).toBeInTheDocument();
    fireEvent.wheel(stage, { deltaY: 400, clientX: 0, clientY: 0 });
    expect(within(viewer).getByText('137%')).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(within(viewer).getByText('100%')).toBeInTheDocument();
  });

  it('closes on Escape and on the close button, returning focus to the thumbnail, and keeps Tab inside', async () => {
    images();
    const user = userEvent.setup();
    renderStrip();
    const thumb = await screen.findByRole('button', { name: 'Open photo 3 of 3: Leaf 3' });
    await user.click(thumb);
    const viewer = screen.getByRole('dialog', { name: 'Photo viewer' });
    const close = within(viewer).getByRole('button', { name: 'Close photo' });
    expect(close).toHaveFocus();
    await user.keyboard('{Shift>}{Tab}{/Shift}');
    expect(viewer).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Tab}');
    expect(close).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Photo viewer' })).not.toBeInTheDocument();
    expect(thumb).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Open photo 1 of 3: Leaf 1' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Photo viewer' })).getByRole('button', { name: 'Close photo' }));
    expect(screen.queryByRole('dialog', { name: 'Photo viewer' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open photo 1 of 3: Leaf 1' })).toHaveFocus();
  });

  it('says when a photo cannot be loaded and tries again on request', async () => {
    const asked = images(false);
    const user = userEvent.setup();
    renderStrip([photo(1)]);
    expect(await screen.findByText('Not loaded')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open photo 1 of 1: Leaf 1' }));
    const viewer = screen.getByRole('dialog', { name: 'Photo viewer' });
    expect(await within(viewer).findByRole('alert')).toHaveTextContent('This photo could not be loaded.');
    expect(within(viewer).queryByRole('button', { name: 'Next photo' })).not.toBeInTheDocument();
    const before = asked.length;
    await user.click(within(viewer).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(asked.length).toBeGreaterThan(before));
  });
});
