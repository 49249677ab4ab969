import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { GridBox, RoomWithGrids } from '@verdant/contract';
import { cellAt, gridSize, indexBoxes, visibleBoxes, type MapLayout } from '../../lib/map-geometry';
import { labelSteps, paintBoxes, paintLabels, paintMarkers, paintOverlay, plantsIn, subBoxesIn } from '../../lib/map-paint';
import { paintProblems, type BoxProblemStyle } from '../../lib/problem-paint';
import { paintPressure } from '../lib/pressure-paint';
import type { PressurePaint } from '../lib/pressure-frames';
import { MapZoomControls } from './map-zoom-controls';
import { OverdueLegend } from './overdue-legend';
import { StatusLegend } from './status-legend';
import { NoEntryLegend } from './no-entry-legend';
import { SamplePlantLegend } from './sample-plant-layer';
import { paintSamplePlants } from '../lib/sample-plant-paint';
import { noEntryUntil, paintNoEntry, useMinuteClock } from '../../lib/no-entry';
import { useFormatDate } from '../../../../lib/format-date';
import { useMapPointers, type Cell } from './use-map-pointers';
import { useMapView, ZOOM_STEP } from './use-map-view';
import { useElementHeight } from './use-element-height';

export type MapGrid = RoomWithGrids['grids'][number];

/**
 * How boxes are picked in "Select boxes" mode: `Coordinates` (the spec's default) taps boxes one by
 * one; `Area` drags a rectangle over them.
 */
export type MultiSelectType = 'Coordinates' | 'Area';

export interface GridMapProps {
  grid: MapGrid;
  /** The grid's name and summary, on the row above the map beside the zoom control. */
  heading?: ReactNode;
  /**
   * The tallest the map may be with its heading row and keys (CSS pixels); it fits the grid into what they
   * leave and the available width.
   */
  maxHeight?: number;
  /** A problem's name as the reader reads it (components/problem-look), for what screen readers hear of a box. */
  problemName?: (problem: string) => string;
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
  /** One frame of "Pressure over time": painted instead of problems and box colours when given. */
  pressure?: PressurePaint | null;
  /** Selecting several boxes: taps (and drags, for `Area`) toggle boxes instead of opening one. */
  selectMode?: MultiSelectType | null;
  selectedIds?: ReadonlySet<number>;
  /** `toggle` one tapped box, or `add` every box of a dragged rectangle. */
  onSelectBoxes?: (boxes: GridBox[], how: 'toggle' | 'add') => void;
  /**
   * A box to bring into view (a link to a box): the map scrolls onto the screen and zooms and pans so the
   * box is in its upper part at a readable size. Each new object is brought into view once.
   */
  focusBox?: { x: number; y: number } | null;
  /** Boxes overdue for scouting: outlined, named to screen readers, and keyed under the map. */
  overdueIds?: ReadonlySet<number>;
  /** Sample plants of crop registration by box id (their label): a violet diamond on the box, named and keyed. */
  samplePlants?: ReadonlyMap<number, { label: string }>;
}

const NO_SELECTION: ReadonlySet<number> = new Set();
const NO_SAMPLE_PLANTS: ReadonlyMap<number, { label: string }> = new Map();

function sizeCanvas(canvas: HTMLCanvasElement, l: MapLayout) {
  const w = Math.round(l.viewWidth * l.scale);
  const h = Math.round(l.viewHeight * l.scale);
  if (canvas.width !== w) canvas.width = w;
  if (canvas.height !== h) canvas.height = h;
}

/**
 * One grid drawn on a <canvas> fitted to the available width and height (boxes at their X/Y, coloured by
 * Color, culled ones greyed and hatched, named ones notched), with X numbers along the top and Y numbers
 * down the left in gutters that stay put and readable at every zoom, and a second canvas on top for the
 * cursor and selection. Only boxes in view are painted, so 10,000 boxes stay smooth; the DOM stays at a
 * handful of nodes whatever the grid's size. Zoom with the wheel or a pinch (around the pointer), the
 * − / + / Fit buttons or the − + 0 keys; drag to pan. Keyboard: arrows move the cursor (the view follows),
 * Home/End and PageUp/PageDown jump, Enter or Space opens the box; a live region reads the box out.
 */
export function GridMap({
  grid,
  heading,
  maxHeight,
  problemName = (p: string) => p,
  selectedBoxId,
  targetBoxId,
  picking = false,
  onOpenBox,
  backgroundUrl,
  opacity = 1,
  problems,
  pressure = null,
  selectMode = null,
  selectedIds = NO_SELECTION,
  onSelectBoxes,
  focusBox = null,
  overdueIds = NO_SELECTION,
  samplePlants = NO_SAMPLE_PLANTS,
}: GridMapProps) {
  const { t } = useTranslation('rooms');
  const { t: tc } = useTranslation('scouting-coverage');
  const rootRef = useRef<HTMLDivElement>(null);
  const baseRef = useRef<HTMLCanvasElement>(null);
  const overlayRef = useRef<HTMLCanvasElement>(null);
  const descId = useId();
  const { nx, ny } = useMemo(() => gridSize(grid), [grid]);
  const topRow = useRef<HTMLDivElement>(null);
  const keys = useRef<HTMLDivElement>(null);
  const aroundMap = useElementHeight(topRow, 44) + useElementHeight(keys, 0);
  const m = useMapView(rootRef, overlayRef, nx, ny, maxHeight === undefined ? undefined : maxHeight - aroundMap);
  // Once the map knows its width: zoom to the linked box and scroll the map onto the screen.
  const focusNow = useRef(m.focus);
  focusNow.current = m.focus;
  const focusedFor = useRef<object | null>(null);
  useEffect(() => {
    if (!focusBox || focusedFor.current === focusBox || m.width <= 0) return;
    focusedFor.current = focusBox;
    focusNow.current(focusBox.x, focusBox.y);
    rootRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [focusBox, m.width]);
  const { layout, gutters, width, height } = m;
  const positions = useMemo(() => indexBoxes(grid.grid_boxes, nx, ny), [grid.grid_boxes, nx, ny]);
  const [cursor, setCursor] = useState<Cell | null>(null);
  const [focused, setFocused] = useState(false);
  const culledCount = useMemo(() => grid.grid_boxes.reduce((n, b) => n + (b.culled ? 1 : 0), 0), [grid.grid_boxes]);
  const visible = useMemo(() => visibleBoxes(layout, grid.grid_boxes, positions), [layout, grid.grid_boxes, positions]);
  const overdueCount = useMemo(() => (overdueIds.size ? grid.grid_boxes.filter((b) => overdueIds.has(b.id)).length : 0), [grid.grid_boxes, overdueIds]);
  const sampleCount = useMemo(() => (samplePlants.size ? grid.grid_boxes.filter((b) => samplePlants.has(b.id)).length : 0), [grid.grid_boxes, samplePlants]);
  // Boxes inside a treatment's re-entry interval, and the latest end among them (the legend's "until").
  const now = useMinuteClock();
  const formatDate = useFormatDate();
  const noEntry = useMemo(() => {
    let count = 0;
    let latest: string | null = null;
    for (const b of grid.grid_boxes) {
      const until = noEntryUntil(b, now);
      if (!until) continue;
      count++;
      if (!latest || Date.parse(until) > Date.parse(latest)) latest = until;
    }
    return { count, latest };
  }, [grid.grid_boxes, now]);
  const steps = labelSteps(layout);

  const boxAt = (x: number, y: number): GridBox | undefined => {
    if (x < 1 || y < 1 || x > nx || y > ny) return undefined;
    const i = positions[(y - 1) * nx + (x - 1)] ?? -1;
    return i >= 0 ? grid.grid_boxes[i] : undefined;
  };

  const hitOf = (e: { clientX: number; clientY: number; currentTarget: Element }) => {
    const rect = e.currentTarget.getBoundingClientRect();
    const px = e.clientX - rect.left;
    const py = e.clientY - rect.top;
    // A tap on a row or column number is not a tap on a box.
    if (px < gutters.left || py < gutters.top) return null;
    return cellAt(layout, px, py);
  };

  const onArea = (from: Cell, to: Cell) => {
    if (!onSelectBoxes) return;
    setCursor(to);
    if (from.x === to.x && from.y === to.y) {
      const box = boxAt(from.x, from.y);
      if (box) onSelectBoxes([box], 'toggle');
      return;
    }
    const inside: GridBox[] = [];
    for (let y = Math.min(from.y, to.y); y <= Math.max(from.y, to.y); y++) {
      for (let x = Math.min(from.x, to.x); x <= Math.max(from.x, to.x); x++) {
        const box = boxAt(x, y);
        if (box && !box.culled) inside.push(box);
      }
    }
    if (inside.length) onSelectBoxes(inside, 'add');
  };
  const area = selectMode === 'Area';
  const { drag, handlers, consumeMoved } = useMapPointers(m, nx, ny, area, hitOf, onArea);

  useLayoutEffect(() => {
    const canvas = baseRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    sizeCanvas(canvas, layout);
    const alpha = backgroundUrl ? opacity : 1;
    paintBoxes(ctx, layout, visible, { alpha, labels: !problems?.size && !pressure });
    if (pressure) paintPressure(ctx, layout, visible, pressure, { alpha });
    else if (problems) paintProblems(ctx, layout, visible, problems, { alpha });
    paintMarkers(ctx, layout, visible);
    if (noEntry.count) paintNoEntry(ctx, layout, visible, now);
    paintLabels(ctx, layout, gutters);
  }, [layout, visible, backgroundUrl, opacity, problems, pressure, gutters, noEntry.count, now]);

  const selected = useMemo(() => {
    const find = (id: number | null | undefined) => (id ? grid.grid_boxes.find((b) => b.id === id) : undefined);
    return { box: find(selectedBoxId), target: find(targetBoxId) };
  }, [grid.grid_boxes, selectedBoxId, targetBoxId]);

  useLayoutEffect(() => {
    const canvas = overlayRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    sizeCanvas(canvas, layout);
    paintOverlay(ctx, layout, gutters, {
      selected: selected.box,
      target: selected.target,
      chosen: selectedIds.size ? visible.filter((b) => selectedIds.has(b.id)) : [],
      drag,
      cursor: focused ? cursor : null,
      overdue: overdueCount ? visible.filter((b) => overdueIds.has(b.id)) : [],
    });
    if (sampleCount) paintSamplePlants(ctx, layout, gutters, visible.filter((b) => samplePlants.has(b.id)));
  }, [layout, gutters, selected, cursor, focused, selectedIds, drag, visible, overdueCount, overdueIds, sampleCount, samplePlants]);

  const describe = (x: number, y: number) => {
    const box = boxAt(x, y);
    if (!box) return t('map.noBox', { x, y });
    const parts = [box.CustomName ? t('map.namedBox', { name: box.CustomName, x, y }) : t('map.box', { x, y })];
    if (box.Status) parts.push(t('bulk.boxStatus', { status: box.Status }));
    if (selectMode) parts.push(selectedIds.has(box.id) ? t('select.chosen') : t('select.notChosen'));
    if (box.culled) parts.push(t('map.culled'));
    if (overdueIds.has(box.id)) parts.push(tc('map.boxOverdue'));
    const sample = samplePlants.get(box.id);
    if (sample) parts.push(t('samplePlants.box', { label: sample.label }));
    const until = noEntryUntil(box, now);
    if (until) parts.push(t('noEntry.box', { until: formatDate(until) }));
    // What the map's dot and tick show, said for screen readers.
    if (plantsIn(box)) parts.push(t('map.plantCount', { count: plantsIn(box) }));
    if (subBoxesIn(box)) parts.push(t('map.subBoxCount', { count: subBoxesIn(box) }));
    const open = problems?.get(box.id)?.problems;
    if (pressure) parts.push(t('pressure.boxValue', { value: pressure.values.get(box.id) ?? 0 }));
    else if (open?.length) parts.push(t('map.problems', { list: open.map((p) => problemName(p.problem)).join(', ') }));
    else if (box.Color) parts.push(t('map.colour', { colour: box.Color }));
    return parts.join(', ');
  };

  const open = (box: GridBox) => {
    if (selectMode && onSelectBoxes) onSelectBoxes([box], 'toggle');
    else onOpenBox(box);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!nx || !ny) return;
    const plain = !e.ctrlKey && !e.metaKey && !e.altKey;
    const zoomKey = plain && (e.key === '+' || e.key === '=' ? ZOOM_STEP : e.key === '-' || e.key === '_' ? 1 / ZOOM_STEP : 0);
    if (zoomKey) {
      e.preventDefault();
      m.zoomBy(zoomKey, cursor);
      return;
    }
    if (plain && e.key === '0') {
      e.preventDefault();
      m.setZoomed(null);
      return;
    }
    const c = cursor ?? { x: 1, y: 1 };
    let next: Cell | null = null;
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
    m.reveal(next.x, next.y);
  };

  const onClick = (e: MouseEvent<HTMLCanvasElement>) => {
    if (consumeMoved() || area) return;
    const hit = hitOf(e);
    if (!hit) return;
    setCursor(hit);
    const box = boxAt(hit.x, hit.y);
    if (box) open(box);
  };

  const inView = t('map.inView', { x0: layout.x0, x1: layout.x1, y0: layout.y0, y1: layout.y1 });
  return (
    <div ref={rootRef} className="relative w-full" data-grid-id={grid.id}>
      {/* The zoom control sits on the heading's row, outside the map: over the map it hid the boxes under it on a phone. */}
      <div ref={topRow} className="flex items-center gap-2 pb-1.5">
        <div className="min-w-0 flex-1">{heading}</div>
        <MapZoomControls
          canZoomOut={!m.atFit}
          canZoomIn={m.view.cell < m.maxCell - 0.01}
          atFit={m.atFit}
          onZoomOut={() => m.zoomBy(1 / ZOOM_STEP, cursor)}
          onZoomIn={() => m.zoomBy(ZOOM_STEP, cursor)}
          onFit={() => m.setZoomed(null)}
        />
      </div>
      <div
        role="application"
        aria-roledescription={t('map.roleDescription')}
        aria-label={t('map.label', { name: grid.Name, nx, ny })}
        aria-describedby={descId}
        tabIndex={0}
        onKeyDown={onKeyDown}
        onFocus={() => {
          setFocused(true);
          if (!cursor) setCursor(selected.box ? { x: selected.box.X, y: selected.box.Y } : { x: layout.x0, y: layout.y0 });
        }}
        onBlur={() => setFocused(false)}
        className="relative overflow-hidden rounded-md outline-none ring-1 ring-stone-200 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2"
        style={{ width, height, backgroundColor: '#f5f5f4' }}
        data-cell={Math.round(layout.cell * 100) / 100}
        // Where box (1, 1) starts on the canvas and the step to the next box: lets tests aim at a box's centre.
        data-box-origin={`${Math.round((layout.left + layout.gap) * 100) / 100},${Math.round((layout.top + layout.gap) * 100) / 100}`}
        data-box-pitch={Math.round((layout.cell + layout.gap) * 1000) / 1000}
        data-columns-in-view={`${layout.x0}-${layout.x1}`}
        data-rows-in-view={`${layout.y0}-${layout.y1}`}
        data-label-step-x={steps.x}
        data-label-step-y={steps.y}
      >
        {backgroundUrl && (
          <div
            aria-hidden="true"
            className="absolute"
            style={{ left: layout.left, top: layout.top, width: layout.width, height: layout.height, backgroundImage: `url("${backgroundUrl}")`, backgroundSize: '100% 100%' }}
          />
        )}
        <canvas ref={baseRef} aria-hidden="true" className="absolute inset-0" style={{ width, height }} />
        <canvas
          ref={overlayRef}
          aria-hidden="true"
          data-testid="grid-map-canvas"
          onClick={onClick}
          {...handlers}
          className={picking || selectMode ? 'absolute inset-0 cursor-crosshair' : m.atFit ? 'absolute inset-0 cursor-pointer' : 'absolute inset-0 cursor-grab'}
          // The map pans and pinches itself: the browser must not scroll or zoom the page under a finger on it.
          style={{ width, height, touchAction: 'none' }}
        />
        <p id={descId} className="sr-only">
          {t('map.description', { count: grid.grid_boxes.length, culled: culledCount })} {inView}{' '}
          {noEntry.latest ? `${t('noEntry.legend', { count: noEntry.count, until: formatDate(noEntry.latest) })} ` : ''}
          {picking ? t('map.pickingHelp') : selectMode ? t('select.keyboardHelp') : t('map.keyboardHelp')} {t('map.zoomHelp')}
        </p>
        <p className="sr-only" aria-live="polite" aria-atomic="true">
          {focused && cursor ? describe(cursor.x, cursor.y) : ''}
        </p>
      </div>
      <div ref={keys}>
        <OverdueLegend count={overdueCount} />
        <SamplePlantLegend count={sampleCount} />
        <NoEntryLegend count={noEntry.count} latest={noEntry.latest} />
        <StatusLegend boxes={grid.grid_boxes} />
      </div>
    </div>
  );
}
