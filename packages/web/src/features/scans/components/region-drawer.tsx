import { useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScanRegion } from '@verdant/contract';
import { Button } from '../../../components/ui';

export type DrawShape = 'box' | 'polygon';
type Point = [number, number];

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));
const round4 = (v: number) => Math.round(v * 10_000) / 10_000;
/** A box smaller than this share of the photo on either side is a slip of the finger, not a region. */
const MIN_SIDE = 0.01;

/** Where a pointer is on the photo, in fractions of it (the contract's region unit), kept inside it. */
function fractionOf(e: PointerEvent<SVGSVGElement>): Point {
  const rect = e.currentTarget.getBoundingClientRect();
  return [round4(clamp01((e.clientX - rect.left) / rect.width)), round4(clamp01((e.clientY - rect.top) / rect.height))];
}

function boxOf(a: Point, b: Point): ScanRegion {
  return { type: 'box', x: Math.min(a[0], b[0]), y: Math.min(a[1], b[1]), width: round4(Math.abs(a[0] - b[0])), height: round4(Math.abs(a[1] - b[1])) };
}

/**
 * Drawing over a scan photo with a finger or a mouse (pointer events; touch-action none so the page does not
 * scroll while drawing): a box is dragged corner to corner, a polygon is tapped point by point. The layer
 * sits in RegionOverlay's frame, so fractions of its box are fractions of the photo.
 */
export function DrawLayer({ shape, points, onPoints }: { shape: DrawShape; points: Point[]; onPoints: (p: Point[]) => void }) {
  const { t } = useTranslation('scans');
  const dragging = useRef(false);
  const down = (e: PointerEvent<SVGSVGElement>) => {
    if (shape !== 'box') return;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    dragging.current = true;
    const p = fractionOf(e);
    onPoints([p, p]);
  };
  const move = (e: PointerEvent<SVGSVGElement>) => {
    if (shape === 'box' && dragging.current) onPoints([points[0] ?? fractionOf(e), fractionOf(e)]);
  };
  const up = (e: PointerEvent<SVGSVGElement>) => {
    if (shape === 'box') dragging.current = false;
    else onPoints([...points, fractionOf(e)]);
  };
  const stroke = { fill: 'rgba(124, 58, 237, 0.15)', stroke: '#7c3aed', strokeWidth: 3, vectorEffect: 'non-scaling-stroke' as const };
  const box = shape === 'box' && points.length === 2 ? boxOf(points[0]!, points[1]!) : null;
  return (
    <svg
      className="absolute inset-0 h-full w-full cursor-crosshair touch-none"
      viewBox="0 0 1 1"
      preserveAspectRatio="none"
      data-testid="draw-layer"
      role="application"
      aria-label={t(shape === 'box' ? 'draw.boxHelp' : 'draw.polygonHelp')}
      onPointerDown={down}
      onPointerMove={move}
      onPointerUp={up}
    >
      {box && box.type === 'box' && <rect x={box.x} y={box.y} width={box.width} height={box.height} style={stroke} />}
      {shape === 'polygon' && points.length > 0 && <polygon points={points.map(([x, y]) => `${x},${y}`).join(' ')} style={stroke} />}
    </svg>
  );
}

/** The region the points make, or null while they make none yet. */
export function regionOf(shape: DrawShape, points: Point[]): ScanRegion | null {
  if (shape === 'polygon') return points.length >= 3 ? { type: 'polygon', points } : null;
  if (points.length !== 2) return null;
  const box = boxOf(points[0]!, points[1]!);
  return box.type === 'box' && box.width >= MIN_SIDE && box.height >= MIN_SIDE ? box : null;
}

/** The controls under a photo being drawn on: box or polygon, undo, start again, use, cancel. */
export function DrawControls({
  title,
  busy,
  onDone,
  onCancel,
  children,
}: {
  title: string;
  busy?: boolean;
  onDone: (region: ScanRegion) => void;
  onCancel: () => void;
  children: (layer: { shape: DrawShape; points: Point[]; onPoints: (p: Point[]) => void }) => React.ReactNode;
}) {
  const { t } = useTranslation('scans');
  const [shape, setShape] = useState<DrawShape>('box');
  const [points, setPoints] = useState<Point[]>([]);
  const region = regionOf(shape, points);
  const pick = (s: DrawShape) => {
    setShape(s);
    setPoints([]);
  };
  return (
    <div className="space-y-2" data-testid="region-drawing">
      {children({ shape, points, onPoints: setPoints })}
      <p className="text-sm font-medium text-stone-900">{title}</p>
      <p className="text-sm text-stone-600">{t(shape === 'box' ? 'draw.boxHelp' : 'draw.polygonHelp')}</p>
      <div className="flex flex-wrap gap-2" role="group" aria-label={t('draw.shape')}>
        <Button size="sm" variant={shape === 'box' ? 'primary' : 'secondary'} aria-pressed={shape === 'box'} onClick={() => pick('box')}>
          {t('draw.box')}
        </Button>
        <Button size="sm" variant={shape === 'polygon' ? 'primary' : 'secondary'} aria-pressed={shape === 'polygon'} onClick={() => pick('polygon')}>
          {t('draw.polygon')}
        </Button>
        {shape === 'polygon' && (
          <Button size="sm" variant="secondary" disabled={points.length === 0} onClick={() => setPoints(points.slice(0, -1))}>
            {t('draw.undo')}
          </Button>
        )}
        <Button size="sm" variant="secondary" disabled={points.length === 0} onClick={() => setPoints([])}>
          {t('draw.again')}
        </Button>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" disabled={!region || busy} onClick={() => region && onDone(region)}>
          {t('draw.use')}
        </Button>
        <Button size="sm" variant="secondary" onClick={onCancel}>
          {t('draw.cancel')}
        </Button>
      </div>
    </div>
  );
}
