import type { Locator } from '@playwright/test';

/**
 * The centre of box X, Y on a room map (the `role="application"` element), in CSS pixels from the map's
 * top-left, computed from the map's own data attributes (`data-box-origin`, `data-box-pitch`, `data-cell`)
 * so it holds at any fitted size, gutter width or zoom. Throws when the box is not in view.
 */
export async function boxCentre(map: Locator, x: number, y: number): Promise<{ x: number; y: number }> {
  const a = await map.evaluate((el) => ({
    origin: el.getAttribute('data-box-origin') ?? '',
    pitch: Number(el.getAttribute('data-box-pitch')),
    cell: Number(el.getAttribute('data-cell')),
    columns: el.getAttribute('data-columns-in-view') ?? '',
    rows: el.getAttribute('data-rows-in-view') ?? '',
  }));
  const [ox, oy] = a.origin.split(',').map(Number) as [number, number];
  const [x0, x1] = a.columns.split('-').map(Number) as [number, number];
  const [y0, y1] = a.rows.split('-').map(Number) as [number, number];
  if (!(a.pitch > 0) || Number.isNaN(ox) || Number.isNaN(oy)) throw new Error('the map has no box geometry (data-box-origin/data-box-pitch)');
  if (x < x0 || x > x1 || y < y0 || y > y1) throw new Error(`box ${x}, ${y} is not in view (columns ${a.columns}, rows ${a.rows})`);
  return { x: ox + (x - 1) * a.pitch + a.cell / 2, y: oy + (y - 1) * a.pitch + a.cell / 2 };
}

/** Clicks (or, on a touch device, taps) box X, Y of a room map at its centre. */
export async function clickBox(map: Locator, x: number, y: number, how: 'click' | 'tap' = 'click'): Promise<void> {
  const position = await boxCentre(map, x, y);
  const canvas = map.getByTestId('grid-map-canvas');
  if (how === 'tap') await canvas.tap({ position });
  else await canvas.click({ position });
}

/**
 * The rectangle (page CSS pixels, as `boundingBox()` answers) covering every box a room map draws in view, from
 * the map's own geometry attributes: a control outside it is over no box.
 */
export async function drawnBoxesArea(map: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const a = await map.evaluate((el) => ({
    columns: el.getAttribute('data-columns-in-view') ?? '',
    rows: el.getAttribute('data-rows-in-view') ?? '',
    cell: Number(el.getAttribute('data-cell')),
  }));
  const [x0, x1] = a.columns.split('-').map(Number) as [number, number];
  const [y0, y1] = a.rows.split('-').map(Number) as [number, number];
  const first = await boxCentre(map, x0, y0);
  const last = await boxCentre(map, x1, y1);
  const at = (await map.boundingBox())!;
  const left = at.x + first.x - a.cell / 2;
  const top = at.y + first.y - a.cell / 2;
  return { x: left, y: top, width: last.x - first.x + a.cell, height: last.y - first.y + a.cell };
}
