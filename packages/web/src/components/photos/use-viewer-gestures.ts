import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';

/** How the photo sits in the stage: scaled about its centre, then moved (px) from the centre. */
export interface View {
  scale: number;
  x: number;
  y: number;
}
export interface Size {
  width: number;
  height: number;
}
interface Point {
  x: number;
  y: number;
}

export const MIN_SCALE = 1;
export const MAX_SCALE = 5;
/** A double tap or double click zooms to this, at the point tapped. */
export const TAP_ZOOM = 2.5;
/** A sideways swipe of at least this many px goes to the next or previous photo. */
export const SWIPE_PX = 60;
/** A downward swipe of at least this many px closes the viewer. */
export const CLOSE_SWIPE_PX = 100;
const TAP_SLOP_PX = 8;
const DOUBLE_TAP_MS = 300;
const FIT: View = { scale: 1, x: 0, y: 0 };

/** Keeps the zoomed photo covering the stage: it cannot be dragged past its own edges. */
export function clampView(v: View, stage: Size): View {
  const scale = Math.min(MAX_SCALE, Math.max(MIN_SCALE, v.scale));
  const maxX = ((scale - 1) * stage.width) / 2;
  const maxY = ((scale - 1) * stage.height) / 2;
  const clamp = (n: number, max: number) => (max <= 0 ? 0 : Math.min(max, Math.max(-max, n)));
  return { scale, x: clamp(v.x, maxX), y: clamp(v.y, maxY) };
}

/** Zooms by `factor` keeping `at` (px from the stage centre) where it is on screen. */
export function zoomAt(v: View, factor: number, at: Point, stage: Size): View {
  const scale = Math.min(MAX_SCALE, Math.max(MIN_SCALE, v.scale * factor));
  const ratio = scale / v.scale;
  return clampView({ scale, x: at.x - (at.x - v.x) * ratio, y: at.y - (at.y - v.y) * ratio }, stage);
}

interface Gesture {
  startX: number;
  startY: number;
  startView: View;
  moved: boolean;
  pinch?: { distance: number; mid: Point };
}

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

/**
 * Touch, pen and mouse on the viewer's stage: one finger swipes between photos (left/right) or closes
 * (down) while the photo fits, and pans it once zoomed; two fingers pinch-zoom; a double tap or double
 * click toggles zoom at that point; the wheel zooms at the pointer. `resetKey` (the photo shown) fits it again.
 */
export function useViewerGestures({ onNext, onPrevious, onClose, resetKey }: { onNext: () => void; onPrevious: () => void; onClose: () => void; resetKey: unknown }) {
  const stageRef = useRef<HTMLDivElement>(null);
  const [view, setViewState] = useState<View>(FIT);
  const viewRef = useRef<View>(FIT);
  const [drag, setDrag] = useState<Point | null>(null);
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<Gesture | null>(null);
  const lastTap = useRef<{ at: number; point: Point } | null>(null);

  const setView = useCallback((v: View) => {
    viewRef.current = v;
    setViewState(v);
  }, []);

  const stage = useCallback((): Size & { left: number; top: number } => {
    const r = stageRef.current?.getBoundingClientRect();
    return { width: r?.width ?? 0, height: r?.height ?? 0, left: r?.left ?? 0, top: r?.top ?? 0 };
  }, []);
  /** A client point as px from the stage centre. */
  const fromCentre = useCallback(
    (clientX: number, clientY: number): Point => {
      const s = stage();
      return { x: clientX - s.left - s.width / 2, y: clientY - s.top - s.height / 2 };
    },
    [stage],
  );

  useEffect(() => {
    setView(FIT);
    setDrag(null);
    gesture.current = null;
    pointers.current.clear();
  }, [resetKey, setView]);

  const zoomBy = useCallback((factor: number, at: Point = { x: 0, y: 0 }) => setView(zoomAt(viewRef.current, factor, at, stage())), [setView, stage]);
  const toggleZoom = useCallback(
    (at: Point) => (viewRef.current.scale > 1 ? setView(FIT) : zoomBy(TAP_ZOOM / viewRef.current.scale, at)),
    [setView, zoomBy],
  );

  // The wheel needs a non-passive listener to keep the page from scrolling behind the dialog.
  useEffect(() => {
    const el = stageRef.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      zoomBy(Math.exp(-e.deltaY * 0.0015), fromCentre(e.clientX, e.clientY));
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [zoomBy, fromCentre]);

  const onPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const [a, b] = [...pointers.current.values()];
    if (a && b) {
      const mid = fromCentre((a.x + b.x) / 2, (a.y + b.y) / 2);
      gesture.current = { startX: a.x, startY: a.y, startView: viewRef.current, moved: true, pinch: { distance: distance(a, b) || 1, mid } };
      setDrag(null);
    } else {
      gesture.current = { startX: e.clientX, startY: e.clientY, startView: viewRef.current, moved: false };
    }
  };

  const onPointerMove = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (!pointers.current.has(e.pointerId)) return;
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const g = gesture.current;
    if (!g) return;
    const [a, b] = [...pointers.current.values()];
    if (g.pinch && a && b) {
      setView(zoomAt(g.startView, distance(a, b) / g.pinch.distance, g.pinch.mid, stage()));
      return;
    }
    const dx = e.clientX - g.startX;
    const dy = e.clientY - g.startY;
    if (Math.hypot(dx, dy) > TAP_SLOP_PX) g.moved = true;
    if (g.startView.scale > 1) setView(clampView({ ...g.startView, x: g.startView.x + dx, y: g.startView.y + dy }, stage()));
    else if (g.moved) setDrag({ x: dx, y: Math.max(0, dy) });
  };

  const onPointerUp = (e: ReactPointerEvent<HTMLDivElement>) => {
    pointers.current.delete(e.pointerId);
    const g = gesture.current;
    const rest = [...pointers.current.values()][0];
    if (rest) {
      // A pinch ended with one finger still down: it goes on panning from where it is.
      gesture.current = { startX: rest.x, startY: rest.y, startView: viewRef.current, moved: true };
      return;
    }
    gesture.current = null;
    setDrag(null);
    if (!g || g.pinch) return;
    const dx = e.clientX - g.startX;
    const dy = e.clientY - g.startY;
    if (g.moved) {
      if (g.startView.scale > 1) return;
      if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(dy)) (dx < 0 ? onNext : onPrevious)();
      else if (dy >= CLOSE_SWIPE_PX && dy > Math.abs(dx)) onClose();
      return;
    }
    // A tap; a mouse double click arrives as dblclick instead.
    if (e.pointerType === 'mouse') return;
    const at = fromCentre(e.clientX, e.clientY);
    const now = Date.now();
    if (lastTap.current && now - lastTap.current.at < DOUBLE_TAP_MS && distance(lastTap.current.point, at) < 40) {
      lastTap.current = null;
      toggleZoom(at);
    } else {
      lastTap.current = { at: now, point: at };
    }
  };

  const onPointerCancel = (e: ReactPointerEvent<HTMLDivElement>) => {
    pointers.current.delete(e.pointerId);
    gesture.current = null;
    setDrag(null);
  };

  const onDoubleClick = (e: { clientX: number; clientY: number }) => toggleZoom(fromCentre(e.clientX, e.clientY));

  return {
    stageRef,
    view,
    /** The photo's offset while a swipe is under way (it follows the finger). */
    drag,
    zoomIn: () => zoomBy(1.5),
    zoomOut: () => zoomBy(1 / 1.5),
    fit: () => setView(FIT),
    handlers: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel, onDoubleClick },
  };
}
