import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { GridBox, RoomWithGrids } from '@verdant/contract';
import { cellAt, cellOrigin, gridSize, indexBoxes, mapLayout, paintBoxes, type MapLayout } from '../../lib/map-geometry';
import { paintProblems, type BoxProblemStyle } from '../../lib/problem-paint';

export type MapGrid = RoomWithGrids['grids'][number];

/**
 * How boxes are picked in "Select boxes" mode: `Coordinates` (the spec's default) taps boxes one by
 * one and keeps the map scrollable; `Area` drags a rectangle over them.
 */
export type MultiSelectType = 'Coordinates' | 'Area';

export interface GridMapProps {
  grid: MapGrid;
  /** Side of one box in CSS pixels. */
  cell?: number;
  selectedBoxId?: number | null;
  /** Highlighted while choosing where to move a plant. */
  targetBoxId?: number | null;
  /** Picking a target: the map says so to screen readers and shows a crosshair. */
  picking?: boolean;
  onOpenBox: (box: GridBox) => void;
  /** An object URL of the grid's background image, drawn under semi-transparent boxes. */
  backgroundUrl?: string | null;
  /** Box opacity over a background (company grid opacity). */
  opacity?: number;
  /** Open problems per box id: drawn as fills and circles when given. */
  problems?: ReadonlyMap<number, BoxProblemStyle> | null;
  /** Selecting several boxes: taps (and drags, for `Area`) toggle boxes instead of opening one. */
  selectMode?: MultiSelectType | null;
  selectedIds?: ReadonlySet<number>;
  /** `toggle` one tapped box, or `add` every box of a dragged rectangle. */
  onSelectBoxes?: (boxes: GridBox[], how: 'toggle' | 'add') => void;
}

const NO_SELECTION: ReadonlySet<number> = new Set();

function useDevicePixelRatio(): number {
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

function sizeCanvas(canvas: HTMLCanvasElement, l: MapLayout) {
  const w = Math.round(l.width * l.scale);
  const h = Math.round(l.height * l.scale);
  if (canvas.width !== w) canvas.width = w;
  if (canvas.height !== h) canvas.height = h;
}

/**
 * One grid drawn on a <canvas> (boxes at their X/Y, coloured by Color, culled ones greyed and hatched),
 * with a second canvas on top for the focus cursor and selection. The DOM stays at a handful of nodes
 * whatever the grid's size. Keyboard: arrows move the cursor, Home/End and PageUp/PageDown jump,
 * Enter or Space opens the box; a live region reads out the box under the cursor.
 */
export function GridMap({
  grid,
  cell = 24,
  selectedBoxId,
  targetBoxId,
  picking = false,
  onOpenBox,
  backgroundUrl,
  opacity = 1,
  problems,
  selectMode = null,
  selectedIds = NO_SELECTION,
  onSelectBoxes,
}: GridMapProps) {
  const { t } = useTranslation('rooms');
  const baseRef = useRef<HTMLCanvasElement>(null);
  const overlayRef = useRef<HTMLCanvasElement>(null);
  const markerRef = useRef<HTMLDivElement>(null);
  const descId = useId();
  const dpr = useDevicePixelRatio();
  const { nx, ny } = useMemo(() => gridSize(grid), [grid]);
  const layout = useMemo(() => mapLayout(nx, ny, cell, dpr), [nx, ny, cell, dpr]);
  const positions = useMemo(() => indexBoxes(grid.grid_boxes, nx, ny), [grid.grid_boxes, nx, ny]);
  const [cursor, setCursor] = useState<{ x: number; y: number } | null>(null);
  const [focused, setFocused] = useState(false);
  const [drag, setDrag] = useState<{ from: { x: number; y: number }; to: { x: number; y: number } } | null>(null);
  const culledCount = useMemo(() => grid.grid_boxes.reduce((n, b) => n + (b.culled ? 1 : 0), 0), [grid.grid_boxes]);

  const boxAt = (x: number, y: number): GridBox | undefined => {
    if (x < 1 || y < 1 || x > nx || y > ny) return undefined;
    const i = positions[(y - 1) * nx + (x - 1)] ?? -1;
    return i >= 0 ? grid.grid_boxes[i] : undefined;
  };

  useLayoutEffect(() => {
    const canvas = baseRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    sizeCanvas(canvas, layout);
    const alpha = backgroundUrl ? opacity : 1;
    paintBoxes(ctx, layout, grid.grid_boxes, { alpha, labels: !problems?.size });
    if (problems) paintProblems(ctx, layout, grid.grid_boxes, problems, { alpha });
  }, [layout, grid.grid_boxes, backgroundUrl, opacity, problems]);

  const selected = useMemo(() => {
    const find = (id: number | null | undefined) => (id ? grid.grid_boxes.find((b) => b.id === id) : undefined);
    return { box: find(selectedBoxId), target: find(targetBoxId) };
  }, [grid.grid_boxes, selectedBoxId, targetBoxId]);

  useLayoutEffect(() => {
    const canvas = overlayRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    sizeCanvas(canvas, layout);
    ctx.setTransform(layout.scale, 0, 0, layout.scale, 0, 0);
    ctx.clearRect(0, 0, layout.width, layout.height);
    const ring = (x: number, y: number, color: string, width: number, dash: number[] = []) => {
      const [ox, oy] = cellOrigin(layout, x, y);
      ctx.strokeStyle = color;
      ctx.lineWidth = width;
      ctx.setLineDash(dash);
      const pad = width / 2 + 1;
      ctx.strokeRect(ox - pad, oy - pad, layout.cell + pad * 2, layout.cell + pad * 2);
    };
    if (selected.box) {
      const [sx, sy] = cellOrigin(layout, selected.box.X, selected.box.Y);
      ctx.fillStyle = 'rgba(21, 128, 61, 0.35)';
      ctx.fillRect(sx, sy, layout.cell, layout.cell);
      ring(selected.box.X, selected.box.Y, '#15803d', 3);
    }
    if (selected.target) ring(selected.target.X, selected.target.Y, '#1d4ed8', 3);
    if (selectedIds.size) {
      // One path for all chosen boxes: a multi-select of hundreds stays one fill and one stroke.
      ctx.setLineDash([]);
      ctx.fillStyle = 'rgba(29, 78, 216, 0.30)';
      ctx.strokeStyle = '#1d4ed8';
      ctx.lineWidth = 2;
      ctx.beginPath();
      for (const b of grid.grid_boxes) {
        if (!selectedIds.has(b.id)) continue;
        const [ox, oy] = cellOrigin(layout, b.X, b.Y);
        ctx.rect(ox + 1, oy + 1, layout.cell - 2, layout.cell - 2);
      }
      ctx.fill();
      ctx.stroke();
    }
    if (drag) {
      const [ax, ay] = cellOrigin(layout, Math.min(drag.from.x, drag.to.x), Math.min(drag.from.y, drag.to.y));
      const [bx, by] = cellOrigin(layout, Math.max(drag.from.x, drag.to.x), Math.max(drag.from.y, drag.to.y));
      ctx.fillStyle = 'rgba(29, 78, 216, 0.15)';
      ctx.fillRect(ax - 1, ay - 1, bx - ax + layout.cell + 2, by - ay + layout.cell + 2);
      ctx.strokeStyle = '#1d4ed8';
      ctx.lineWidth = 2;
      ctx.setLineDash([6, 4]);
      ctx.strokeRect(ax - 1, ay - 1, bx - ax + layout.cell + 2, by - ay + layout.cell + 2);
      ctx.setLineDash([]);
    }
    if (focused && cursor) {
      ring(cursor.x, cursor.y, '#ffffff', 4);
      ring(cursor.x, cursor.y, '#1c1917', 2, [4, 3]);
    }
  }, [layout, selected, cursor, focused, selectedIds, drag, grid.grid_boxes]);

  useEffect(() => {
    if (!focused || !cursor || !markerRef.current) return;
    markerRef.current.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [cursor, focused]);

  const describe = (x: number, y: number) => {
    const box = boxAt(x, y);
    if (!box) return t('map.noBox', { x, y });
    const parts = [box.CustomName ? t('map.namedBox', { name: box.CustomName, x, y }) : t('map.box', { x, y })];
    if (selectMode) parts.push(selectedIds.has(box.id) ? t('select.chosen') : t('select.notChosen'));
    if (box.culled) parts.push(t('map.culled'));
    const open = problems?.get(box.id)?.problems;
    if (open?.length) parts.push(t('map.problems', { list: open.map((p) => p.problem).join(', ') }));
    else if (box.Color) parts.push(t('map.colour', { colour: box.Color }));
    return parts.join(', ');
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!nx || !ny) return;
    const c = cursor ?? { x: 1, y: 1 };
    let next: { x: number; y: number } | null = null;
    switch (e.key) {
      case 'ArrowRight': next = { x: Math.min(nx, c.x + 1), y: c.y }; break;
      case 'ArrowLeft': next = { x: Math.max(1, c.x - 1), y: c.y }; break;
      case 'ArrowDown': next = { x: c.x, y: Math.min(ny, c.y + 1) }; break;
      case 'ArrowUp': next = { x: c.x, y: Math.max(1, c.y - 1) }; break;
      case 'PageDown': next = { x: c.x, y: Math.min(ny, c.y + 10) }; break;
      case 'PageUp': next = { x: c.x, y: Math.max(1, c.y - 10) }; break;
      case 'Home': next = e.ctrlKey ? { x: 1, y: 1 } : { x: 1, y: c.y }; break;
      case 'End': next = e.ctrlKey ? { x: nx, y: ny } : { x: nx, y: c.y }; break;
      case 'Enter':
      case ' ': {
        const box = boxAt(c.x, c.y);
        if (box) {
          e.preventDefault();
          open(box);
        }
        return;
      }
      default:
        return;
    }
    e.preventDefault();
    setCursor(next);
  };

  const open = (box: GridBox) => {
    if (selectMode && onSelectBoxes) onSelectBoxes([box], 'toggle');
    else onOpenBox(box);
  };

  const hitOf = (e: { clientX: number; clientY: number; currentTarget: Element }) => {
    const rect = e.currentTarget.getBoundingClientRect();
    return cellAt(layout, e.clientX - rect.left, e.clientY - rect.top);
  };

  const onClick = (e: MouseEvent<HTMLCanvasElement>) => {
    if (selectMode === 'Area') return;
    const hit = hitOf(e);
    if (!hit) return;
    setCursor(hit);
    const box = boxAt(hit.x, hit.y);
    if (box) open(box);
  };

  const area = selectMode === 'Area';
  const onPointerDown = (e: PointerEvent<HTMLCanvasElement>) => {
    if (!area || e.button !== 0) return;
    const hit = hitOf(e);
    if (!hit) return;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    setDrag({ from: hit, to: hit });
  };
  const onPointerMove = (e: PointerEvent<HTMLCanvasElement>) => {
    if (!area || !drag) return;
    const hit = hitOf(e);
    if (hit && (hit.x !== drag.to.x || hit.y !== drag.to.y)) setDrag({ from: drag.from, to: hit });
  };
  const onPointerUp = () => {
    if (!area || !drag || !onSelectBoxes) return;
    const { from, to } = drag;
    setDrag(null);
    setCursor(to);
    if (from.x === to.x && from.y === to.y) {
      const box = boxAt(from.x, from.y);
      if (box) onSelectBoxes([box], 'toggle');
      return;
    }
    const [x0, x1] = [Math.min(from.x, to.x), Math.max(from.x, to.x)];
    const [y0, y1] = [Math.min(from.y, to.y), Math.max(from.y, to.y)];
    const inside: GridBox[] = [];
    for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) {
      const box = boxAt(x, y);
      if (box && !box.culled) inside.push(box);
    }
    if (inside.length) onSelectBoxes(inside, 'add');
  };

  const [mx, my] = cursor ? cellOrigin(layout, cursor.x, cursor.y) : [0, 0];
  const label = t('map.label', { name: grid.Name, nx, ny });

  return (
    <div
      role="application"
      aria-roledescription={t('map.roleDescription')}
      aria-label={label}
      aria-describedby={descId}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onFocus={() => {
        setFocused(true);
        if (!cursor) setCursor(selected.box ? { x: selected.box.X, y: selected.box.Y } : { x: 1, y: 1 });
      }}
      onBlur={() => setFocused(false)}
      className="relative inline-block rounded-md outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2"
      style={{
        width: layout.width,
        height: layout.height,
        backgroundColor: '#f5f5f4',
        backgroundImage: backgroundUrl ? `url("${backgroundUrl}")` : undefined,
        backgroundSize: '100% 100%',
      }}
      data-grid-id={grid.id}
    >
      <canvas ref={baseRef} aria-hidden="true" className="absolute inset-0" style={{ width: layout.width, height: layout.height }} />
      <canvas
        ref={overlayRef}
        aria-hidden="true"
        onClick={onClick}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => setDrag(null)}
        className={picking || selectMode ? 'absolute inset-0 cursor-crosshair' : 'absolute inset-0 cursor-pointer'}
        // Dragging a rectangle must not scroll the map on a touch screen; tapping (Coordinates) still does.
        style={{ width: layout.width, height: layout.height, touchAction: area ? 'none' : undefined }}
      />
      <div
        ref={markerRef}
        aria-hidden="true"
        className="pointer-events-none absolute"
        style={{ left: mx, top: my, width: layout.cell, height: layout.cell }}
      />
      <p id={descId} className="sr-only">
        {t('map.description', { count: grid.grid_boxes.length, culled: culledCount })}{' '}
        {picking ? t('map.pickingHelp') : selectMode ? t('select.keyboardHelp') : t('map.keyboardHelp')}
      </p>
      <p className="sr-only" aria-live="polite" aria-atomic="true">
        {focused && cursor ? describe(cursor.x, cursor.y) : ''}
      </p>
    </div>
  );
}
