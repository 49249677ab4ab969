import { gridsEndpoints as ep } from '@verdant/contract';
import { errorMessage } from './api-error';
import { callEndpoint } from './call-endpoint';

export interface NewGrid {
  nx: number;
  ny: number;
  name: string;
  companyId: number;
  roomId: number;
}

/** POST /Create_grid (nx, ny, ngrid_name, ncompany_id, nroom_id); rejects with the server's message. */
export function sendCreateGrid(g: NewGrid) {
  return callEndpoint(ep.createGrid, { nx: g.nx, ny: g.ny, ngrid_name: g.name, ncompany_id: g.companyId, nroom_id: g.roomId });
}

/** The spec's grid creation: errors are swallowed (logged, null). */
export async function createGrid(g: NewGrid) {
  try {
    return await sendCreateGrid(g);
  } catch (err) {
    console.error('createGrid failed:', errorMessage(err));
    return null;
  }
}

/** POST /set_grid_cell_size (Admin): m² per box, from which an application's treated area is worked out; null clears it. */
export async function setGridCellSize(gridId: number, cellAreaM2: number | null): Promise<number | null> {
  return (await callEndpoint(ep.setGridCellSize, { grid_id: gridId, cell_area_m2: cellAreaM2 })).cell_area_m2;
}

/** PUT /delete_grid?grid_id (Admin). */
export function deleteGrid(gridId: number) {
  return callEndpoint(ep.deleteGrid, { grid_id: gridId });
}

/** POST /upload_grid_image?GridID (multipart image). Needs gridId and imageFile. */
export async function uploadGridImage(gridId: number | null | undefined, imageFile: Blob | null | undefined) {
  if (!gridId || !imageFile) throw new Error('Required parameter(s) missing.');
  return callEndpoint(ep.uploadGridImage, { GridID: gridId, image: imageFile });
}

/** GET /get_grid_background?RoomID: the background images of the room's grids. */
export async function getGridBackground(roomId: number) {
  return (await callEndpoint(ep.getGridBackground, { RoomID: roomId })).grids;
}
