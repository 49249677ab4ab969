import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useElementWidth } from './use-element-height';
import {
  cellOrigin,
  clampPan,
  fitCell,
  gapFor,
  guttersFor,
  MAX_CELL,
  smallestFitHeight,
  viewLayout,
  zoomAround,
  type MapLayout,
  type MapView,
} from '../../lib/map-geometry';

/** How much one zoom button press or key press scales the boxes. */
export const ZOOM_STEP = 1.5;

export function useDevicePixelRatio(): number {
  const [dpr, setDpr] = useState(() => (typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1));
  useEffect(() => {
    const media = window.matchMedia?.(`(resolution: ${dpr}dppx)`);
    if (!media) return;
    const onChange = () => setDpr(window.devicePixelRatio || 1);
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, [dpr]);
  return dpr;
}

/** Width of an element, followed as the window resizes (jsdom and first render: a desktop guess). */
const useWidth = (ref: RefObject<HTMLElement | null>): number => useElementWidth(ref) || 1024;

export interface MapViewState {
  layout: MapLayout;
  view: MapView;
  gutters: ReturnType<typeof guttersFor>;
  width: number;
  height: number;
  /** Fitted to the window (no zoom or pan of the user's). */
  atFit: boolean;
  minCell: number;
  maxCell: number;
  /** Sets a zoom and pan; null fits the grid again. */
  setZoomed: (view: MapView | null) => void;
  /** Zooms to `cell` keeping the grid point under (px, py) in place; back at the fitted size it fits. */
  zoomTo: (cell: number, px: number, py: number, from?: MapView) => void;
  /** Zooms by a factor around the box at `around` when in view, else around the middle. */
  zoomBy: (factor: number, around?: { x: number; y: number } | null) => void;
  /** Pans just enough to show the box at x, y. */
  reveal: (x: number, y: number) => void;
  /**
   * Brings the box at x, y into view, zoomed in to at least a readable box size: centred across, a third
   * of the way down (on a phone the box sheet covers the map's lower part).
   */
  focus: (x: number, y: number) => void;
}

/** The box side a box opened from a link is shown at, at least (CSS pixels): big enough to tap and read. */
export const FOCUS_CELL = 32;

/**
 * The map's window onto the grid: fitted to the container's width and `maxHeight` until the user zooms,
 * then their zoom and pan (kept inside the grid). The wheel over `wheelTarget` zooms around the pointer.
 */
export function useMapView(
  rootRef: RefObject<HTMLElement | null>,
  wheelTarget: RefObject<HTMLElement | null>,
  nx: number,
  ny: number,
  maxHeight: number | undefined,
): MapViewState {
  const dpr = useDevicePixelRatio();
  const roomWidth = useWidth(rootRef);
  const gutters = useMemo(() => guttersFor(ny), [ny]);
  const windowHeight = typeof window === 'undefined' ? 900 : window.innerHeight;
  // Up to the window's height, a fitted map is tall enough to show every row even at the smallest box.
  const tallest = Math.max(160, maxHeight ?? Math.round(windowHeight * 0.7), Math.min(windowHeight, smallestFitHeight(ny, gutters)));
  const fit = useMemo(() => fitCell(nx, ny, roomWidth, tallest, gutters), [nx, ny, roomWidth, tallest, gutters]);
  const [zoomed, setZoomed] = useState<MapView | null>(null);
  const cellNow = zoomed?.cell ?? fit;
  const pitchNow = cellNow + gapFor(cellNow);
  // The frame hugs a grid smaller than the room for it, across as down: no empty band beside a tall grid.
  const width = Math.min(roomWidth, Math.ceil(gutters.left + nx * pitchNow + 2));
  const height = Math.min(tallest, Math.ceil(gutters.top + ny * pitchNow + 2));
  const view = useMemo(
    () => clampPan(nx, ny, zoomed ?? { cell: fit, panX: 0, panY: 0 }, { width, height }, gutters),
    [nx, ny, zoomed, fit, width, height, gutters],
  );
  const layout = useMemo(
    () => viewLayout(nx, ny, view.cell, dpr, { width, height, panX: view.panX, panY: view.panY, gutters }),
    [nx, ny, view, dpr, width, height, gutters],
  );
  const minCell = fit;
  const maxCell = Math.max(fit, MAX_CELL);

  const zoomTo = useCallback(
    (cell: number, px: number, py: number, from: MapView = view) => {
      const next = Math.min(maxCell, Math.max(minCell, cell));
      if (next <= minCell + 0.01) setZoomed(null);
      else setZoomed(clampPan(nx, ny, zoomAround(from, next, px, py, gutters), { width, height }, gutters));
    },
    [view, maxCell, minCell, gutters, nx, ny, width, height],
  );

  const zoomBy = (factor: number, around?: { x: number; y: number } | null) => {
    let px = (width + gutters.left) / 2;
    let py = (height + gutters.top) / 2;
    if (around && around.x >= layout.x0 && around.x <= layout.x1 && around.y >= layout.y0 && around.y <= layout.y1) {
      const [cx, cy] = cellOrigin(layout, around.x, around.y);
      px = cx + layout.cell / 2;
      py = cy + layout.cell / 2;
    }
    zoomTo(view.cell * factor, px, py);
  };

  const reveal = (x: number, y: number) => {
    if (!zoomed) return; // fitted: everything is in view
    if (x > layout.x0 && x < layout.x1 && y > layout.y0 && y < layout.y1) return;
    const pitch = layout.cell + layout.gap;
    const innerW = width - gutters.left;
    const innerH = height - gutters.top;
    let { panX, panY } = view;
    const left = layout.gap + (x - 1) * pitch;
    const top = layout.gap + (y - 1) * pitch;
    if (left - pitch < panX) panX = left - pitch;
    else if (left + 2 * pitch > panX + innerW) panX = left + 2 * pitch - innerW;
    if (top - pitch < panY) panY = top - pitch;
    else if (top + 2 * pitch > panY + innerH) panY = top + 2 * pitch - innerH;
    setZoomed(clampPan(nx, ny, { cell: view.cell, panX, panY }, { width, height }, gutters));
  };

  const focus = (x: number, y: number) => {
    const cell = Math.min(maxCell, Math.max(view.cell, FOCUS_CELL));
    if (cell <= minCell + 0.01) {
      setZoomed(null); // the fitted map already shows every box at a readable size
      return;
    }
    const gap = gapFor(cell);
    const pitch = cell + gap;
    const centreX = gap + (x - 1) * pitch + cell / 2;
    const centreY = gap + (y - 1) * pitch + cell / 2;
    // Zoomed in, the map takes its widest width and tallest height.
    const shown = { width: roomWidth, height: tallest };
    setZoomed(
      clampPan(nx, ny, { cell, panX: centreX - (roomWidth - gutters.left) / 2, panY: centreY - (tallest - gutters.top) / 3 }, shown, gutters),
    );
  };

  // A native listener because React's wheel listener is passive. At the fitted size a wheel "out" is
  // left alone, so the page still scrolls past the map.
  const latest = useRef({ view, zoomTo, minCell, maxCell });
  latest.current = { view, zoomTo, minCell, maxCell };
  useEffect(() => {
    const el = wheelTarget.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      const { view: v, zoomTo: zoom, minCell: lo, maxCell: hi } = latest.current;
      const dy = e.deltaMode === 1 ? e.deltaY * 16 : e.deltaY;
      if (dy === 0 || (dy > 0 && v.cell <= lo + 0.01) || (dy < 0 && v.cell >= hi - 0.01)) return;
      e.preventDefault();
      const rect = el.getBoundingClientRect();
      // A trackpad pinch arrives as a ctrl+wheel with small deltas: scale it up to feel the same.
      zoom(v.cell * Math.exp(-dy * (e.ctrlKey ? 0.01 : 0.0025)), e.clientX - rect.left, e.clientY - rect.top);
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [wheelTarget]);

  return { layout, view, gutters, width, height, atFit: !zoomed, minCell, maxCell, setZoomed, zoomTo, zoomBy, reveal, focus };
}
