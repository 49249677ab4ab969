import type { RoomWithGrids } from '@verdant/contract';

const T = '2026-01-05T08:00:00.000Z';

/** A room with one nx × ny grid whose boxes have ids gridId*100000 + index. */
export function makeRoom(opts: { roomId?: number; companyId?: number; gridId?: number; nx?: number; ny?: number; name?: string } = {}): RoomWithGrids {
  const { roomId = 11, companyId = 3, gridId = 21, nx = 10, ny = 20, name = 'Bay 1' } = opts;
  const boxes = [];
  for (let y = 1; y <= ny; y++) {
    for (let x = 1; x <= nx; x++) {
      boxes.push({
        id: gridId * 100_000 + (y - 1) * nx + x,
        GridID: gridId,
        X: x,
        Y: y,
        Color: x === 1 ? '#22c55e' : null,
        Status: null,
        Content: null,
        ImageName: null,
        CustomName: x === 2 && y === 1 ? 'Mother A' : null,
        culled: x === 3 && y === 1,
      });
    }
  }
  return {
    RoomID: roomId,
    CompanyID: companyId,
    Name: name,
    Description: 'Tomatoes',
    CreatedDateTime: T,
    UpdatedDateTime: T,
    Scanned: false,
    ScannedDateTime: null,
    LastScannedBy: null,
    WhiteboardImage: null,
    StartScroll: 0,
    grids: [
      {
        id: gridId,
        Name: 'Grid A',
        CompanyID: companyId,
        Description: '',
        ImageName: null,
        Scanned: false,
        ScannedDateTime: null,
        LastScannedBy: null,
        CreatedDateTime: T,
        UpdatedDateTime: T,
        nx,
        ny,
        grid_boxes: boxes,
      },
    ],
  };
}

/** Sets navigator.onLine for a test; returns the restore function. */
export function setOnline(value: boolean): () => void {
  const spy = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine');
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => value });
  return () => {
    delete (navigator as unknown as Record<string, unknown>).onLine;
    if (spy) Object.defineProperty(Navigator.prototype, 'onLine', spy);
  };
}

/** An open problem observation as the unresolved-problem reads answer it. */
export function makeObservation(id: number, extra: Record<string, unknown> = {}): Record<string, unknown> & { ProblemID: number } {
  return {
    ProblemID: id, Problem: 'Thrips', PlantProblemID: null, Severity: 3, RoomID: 11, GridID: 21, GridBoxID: 2_100_002,
    Sub_gridboxID: null, BatchID: null, ResponseID: 500 + id, Source: 'form_response', Notes: null,
    ObservedAt: '2026-01-05T08:00:00.000Z', ObservedBy: 7, ObservedByName: 'Erin Grower', Status: 'open',
    StatusChangedAt: null, StatusChangedBy: null, ...extra,
  };
}
