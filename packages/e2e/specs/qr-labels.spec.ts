import { randomBytes } from 'node:crypto';
import QRCode from 'qrcode';
import { expect, signInThroughUi, test, type Api, type Session } from '../src/fixtures';

interface Box {
  id: number;
  X: number;
  Y: number;
}

/** A room with one 3 × 2 grid made through the API, and that grid's boxes. */
async function roomWithGrid(api: Api, as: Session, roomName: string, gridName: string) {
  const headers = { authorization: `Bearer ${as.access_token}` };
  const room = await api.request.post(`/api/create_room?company_id=${as.user.company_id}`, { headers, multipart: { name: roomName, description: 'QR labels e2e' } });
  expect(room.ok(), await room.text()).toBe(true);
  const roomId = ((await room.json()) as { room: { RoomID: number } }).room.RoomID;
  const grid = await api.request.post('/api/Create_grid', { headers, data: { nx: 3, ny: 2, ngrid_name: gridName, ncompany_id: as.user.company_id, nroom_id: roomId } });
  expect(grid.ok(), await grid.text()).toBe(true);
  const tree = await api.get<{ rooms: Array<{ RoomID: number; grids: Array<{ Name: string; grid_boxes: Box[] }> }> }>(
    as,
    `/api/load_room_grids_boxes?company_id=${as.user.company_id}`,
  );
  const boxes = tree.rooms.find((r) => r.RoomID === roomId)!.grids.find((g) => g.Name === gridName)!.grid_boxes;
  return { roomId, boxes };
}

/** A printed label as a phone photographs it: the QR code of `text` as a PNG, made with the app's QR library. */
const labelPng = (text: string) => QRCode.toBuffer(text, { type: 'png', width: 480, margin: 4, errorCorrectionLevel: 'M' });

test("scanning a box label's QR image with the in-app scanner lands on that box with its scouting form", async ({ page, api, server }) => {
  const tag = randomBytes(3).toString('hex');
  const admin = await api.signInAdmin();
  const { roomId, boxes } = await roomWithGrid(api, admin, `Label Room ${tag}`, 'Bench Q');
  const box = boxes.find((b) => b.X === 2 && b.Y === 2)!;

  await signInThroughUi(page, server.admin.email, server.admin.password);

  // The room page leads to the label sheet of its places.
  await page.goto(`/dashboard/rooms/${roomId}`);
  await page.getByRole('main').getByRole('link', { name: 'Print labels' }).click();
  await page.waitForURL(`**/dashboard/labels?room=${roomId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Print QR labels' })).toBeVisible();
  // The room's label and its grid's label are ticked; add the grid's six boxes.
  // Other specs' rooms are on the same sheet list: pick this room's grid.
  await page
    .getByRole('listitem')
    .filter({ hasText: `Room label: Label Room ${tag}` })
    .getByRole('checkbox', { name: 'All 6 boxes (0 chosen)' })
    .check();
  await page.getByLabel('Paper').selectOption('a4');
  await page.getByRole('radio', { name: /^Medium/ }).check();
  await expect(page.getByText('8 labels on 1 sheet(s)')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print 8 labels' })).toBeEnabled();
  const label = page.getByTestId('label').filter({ hasText: 'X 2 · Y 2' }).first();
  await expect(label).toContainText(`Label Room ${tag} › Bench Q`);

  // A photo of that box's label, chosen in the scanner.
  const link = `${server.baseURL}/dashboard/place/box/${box.id}`;
  await page.goto('/dashboard/scan-label');
  await page.getByTestId('label-photo').setInputFiles({ name: 'label.png', mimeType: 'image/png', buffer: await labelPng(link) });

  await page.waitForURL(`**/dashboard/place/box/${box.id}`);
  await expect(page.getByRole('heading', { level: 1, name: '2,2' })).toBeVisible();
  await expect(page.getByText(`Box · Label Room ${tag} › Bench Q`)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Scouting' })).toBeVisible();
  await expect(page.getByText("Your company's default form for this place.")).toBeVisible();
  await expect(page.getByRole('button', { name: `Save for 2,2 · Label Room ${tag} › Bench Q` })).toBeVisible();
});

test('the scanner shows a code that is not one of our links and does not open it', async ({ page, server }) => {
  await signInThroughUi(page, server.admin.email, server.admin.password);
  await page.goto('/dashboard/scan-label');
  const foreign = 'https://example.com/dashboard/place/box/1';
  await page.getByTestId('label-photo').setInputFiles({ name: 'other.png', mimeType: 'image/png', buffer: await labelPng(foreign) });
  await expect(page.getByText('Not a Verdant label')).toBeVisible();
  await expect(page.getByText(foreign)).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/dashboard/scan-label');
});

test("a place link that is not one of the company's places (another company's or deleted) says so clearly", async ({ page, server }) => {
  await signInThroughUi(page, server.admin.email, server.admin.password);
  await page.goto('/dashboard/place/box/2147483000');
  await expect(page.getByText("This label is not one of your company's places")).toBeVisible();
});
