import type { RoomWithGrids } from '@verdant/contract';

export const SIDE = 100;
const COLORS = ['#22c55e', '#eab308', '#ef4444', '#3b82f6', null, null, null, null];

/** One 100 × 100 grid (10,000 boxes) with a mix of colours, names and culled boxes, the same on both pages. */
export function benchGrid(): RoomWithGrids['grids'][number] {
  const boxes: RoomWithGrids['grids'][number]['grid_boxes'] = [];
  for (let y = 1; y <= SIDE; y++) {
    for (let x = 1; x <= SIDE; x++) {
      const i = (y - 1) * SIDE + x;
      boxes.push({
        id: i, GridID: 1, X: x, Y: y, Color: COLORS[i % COLORS.length] ?? null, Status: null, Content: null,
        ImageName: null, CustomName: i % 37 === 0 ? `P${i}` : null, culled: i % 53 === 0,
      });
    }
  }
  const T = '2026-01-01T00:00:00.000Z';
  return {
    id: 1, Name: 'Bench', CompanyID: 1, Description: '', ImageName: null, Scanned: false, ScannedDateTime: null,
    LastScannedBy: null, CreatedDateTime: T, UpdatedDateTime: T, nx: SIDE, ny: SIDE, grid_boxes: boxes,
  };
}

declare global {
  interface Window {
    __painted?: number;
  }
}

/** Marks the moment the frame holding the drawing has been painted (rAF, then the next task). */
export function markPainted() {
  requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      window.__painted = performance.now();
    };
    channel.port2.postMessage(null);
  });
}
