import { useRef, useState, type PointerEvent } from 'react';
import { clampPan, zoomAround, type MapView } from '../../lib/map-geometry';
import type { MapViewState } from './use-map-view';

/** A pointer that moves further than this (CSS pixels) pans instead of tapping. */
const TAP_SLOP = 6;

type Point = { x: number; y: number };
export type Cell = { x: number; y: number };

interface Track {
  /** Pointers down, by id, where they are now (client pixels). */
  points: Map<number, Point>;
  /** One pointer: where it went down and the pan then. */
  start: { x: number; y: number; panX: number; panY: number } | null;
  /** Two pointers: their distance and midpoint (canvas pixels) when the pinch began, and the view then. */
  pinch: { dist: number; mx: number; my: number; view: MapView } | null;
  /** The gesture moved or pinched: the click that ends it must not open a box. */
  moved: boolean;
}

const pair = (points: Map<number, Point>) => [...points.values()].slice(0, 2) as [Point, Point];

/**
 * Pointer gestures on the map: one finger or the mouse drags to pan (or, in Area selection, draws a
 * rectangle of boxes), two fingers pinch-zoom around their midpoint and pan together. A tap is left to
 * the click handler; `consumeMoved` tells it a gesture happened instead.
 */
export function useMapPointers(
  m: MapViewState,
  nx: number,
  ny: number,
  area: boolean,
  hitOf: (e: { clientX: number; clientY: number; currentTarget: Element }) => Cell | null,
  onArea: (from: Cell, to: Cell) => void,
) {
  const track = useRef<Track>({ points: new Map(), start: null, pinch: null, moved: false });
  const [drag, setDrag] = useState<{ from: Cell; to: Cell } | null>(null);
  const keep = (v: MapView) => m.setZoomed(clampPan(nx, ny, v, { width: m.width, height: m.height }, m.gutters));

  const onPointerDown = (e: PointerEvent<HTMLCanvasElement>) => {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    const tr = track.current;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    tr.points.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (tr.points.size === 1) {
      tr.moved = false;
      tr.pinch = null;
      tr.start = { x: e.clientX, y: e.clientY, panX: m.view.panX, panY: m.view.panY };
      if (area) {
        const hit = hitOf(e);
        if (hit) setDrag({ from: hit, to: hit });
      }
    } else if (tr.points.size === 2) {
      // A second finger: pinch and pan, never a selection rectangle.
      const [a, b] = pair(tr.points);
      const rect = e.currentTarget.getBoundingClientRect();
      tr.pinch = { dist: Math.hypot(a.x - b.x, a.y - b.y) || 1, mx: (a.x + b.x) / 2 - rect.left, my: (a.y + b.y) / 2 - rect.top, view: m.view };
      tr.start = null;
      tr.moved = true;
      setDrag(null);
    }
  };

  const onPointerMove = (e: PointerEvent<HTMLCanvasElement>) => {
    const tr = track.current;
    if (!tr.points.has(e.pointerId)) return;
    tr.points.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (tr.pinch && tr.points.size >= 2) {
      const [a, b] = pair(tr.points);
      const rect = e.currentTarget.getBoundingClientRect();
      const mx = (a.x + b.x) / 2 - rect.left;
      const my = (a.y + b.y) / 2 - rect.top;
      const p = tr.pinch;
      const cell = Math.min(m.maxCell, Math.max(m.minCell, p.view.cell * (Math.hypot(a.x - b.x, a.y - b.y) / p.dist)));
      const z = zoomAround(p.view, cell, p.mx, p.my, m.gutters);
      if (cell <= m.minCell + 0.01) m.setZoomed(null);
      else keep({ cell, panX: z.panX - (mx - p.mx), panY: z.panY - (my - p.my) });
      return;
    }
    const start = tr.start;
    if (!start) return;
    if (area) {
      if (!drag) return;
      const hit = hitOf(e);
      if (hit && (hit.x !== drag.to.x || hit.y !== drag.to.y)) setDrag({ from: drag.from, to: hit });
      return;
    }
    const dx = e.clientX - start.x;
    const dy = e.clientY - start.y;
    if (!tr.moved && Math.hypot(dx, dy) < TAP_SLOP) return;
    tr.moved = true;
    if (!m.atFit) keep({ cell: m.view.cell, panX: start.panX - dx, panY: start.panY - dy });
  };

  const onPointerUp = (e: PointerEvent<HTMLCanvasElement>) => {
    const tr = track.current;
    tr.points.delete(e.pointerId);
    if (tr.points.size === 1 && tr.pinch) {
      // One finger left after a pinch: it pans from where it is.
      const [p] = pair(tr.points);
      tr.pinch = null;
      tr.start = { x: p.x, y: p.y, panX: m.view.panX, panY: m.view.panY };
      return;
    }
    if (tr.points.size > 0) return;
    tr.pinch = null;
    tr.start = null;
    if (area && drag) {
      setDrag(null);
      onArea(drag.from, drag.to);
    }
  };

  const onPointerCancel = (e: PointerEvent<HTMLCanvasElement>) => {
    setDrag(null);
    track.current.points.delete(e.pointerId);
    if (track.current.points.size === 0) {
      track.current.pinch = null;
      track.current.start = null;
    }
  };

  /** True (once) when the pointer gesture that ends in this click panned or pinched. */
  const consumeMoved = () => {
    const moved = track.current.moved;
    track.current.moved = false;
    return moved;
  };

  return { drag, handlers: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel }, consumeMoved };
}
