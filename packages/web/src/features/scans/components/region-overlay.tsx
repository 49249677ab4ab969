import type { ReactNode } from 'react';
import type { ScanRegion } from '@verdant/contract';

export interface OverlayRegion {
  key: string;
  region: ScanRegion;
  /** Rejected detections are drawn faint and dashed. */
  faint?: boolean;
  /** The leaf or card the engine measured ("where it looked"), drawn blue and dashed under the findings. */
  looked?: boolean;
  /** A reviewer's region (redrawn or added), drawn violet so it reads apart from the engine's red. */
  reviewer?: boolean;
}

function strokeOf({ faint, looked, reviewer }: OverlayRegion) {
  if (looked) return { stroke: '#2563eb', dash: '6 4' };
  if (reviewer && !faint) return { stroke: '#7c3aed', dash: undefined };
  return faint ? { stroke: '#a8a29e', dash: '4 3' } : { stroke: '#dc2626', dash: undefined };
}

/**
 * A photo with the engine's regions drawn over it. Regions are in fractions of the photo (0 … 1), so one
 * SVG in a 1 × 1 view box, stretched over the image, draws them at any size.
 */
export function RegionOverlay({ src, alt, regions, children }: { src: string; alt: string; regions: OverlayRegion[]; children?: ReactNode }) {
  return (
    <div className="relative inline-block max-w-full">
      <img src={src} alt={alt} className="block max-h-[60vh] max-w-full rounded-md" />
      <svg
        className="pointer-events-none absolute inset-0 h-full w-full"
        viewBox="0 0 1 1"
        preserveAspectRatio="none"
        aria-hidden="true"
        data-testid="scan-regions"
      >
        {regions.map((r) => {
          const { key, region } = r;
          const { stroke, dash } = strokeOf(r);
          const style = { fill: 'none', stroke, strokeWidth: 2, vectorEffect: 'non-scaling-stroke' as const, strokeDasharray: dash };
          return region.type === 'box' ? (
            <rect key={key} data-region={key} x={region.x} y={region.y} width={region.width} height={region.height} style={style} />
          ) : (
            <polygon key={key} data-region={key} points={region.points.map(([x, y]) => `${x},${y}`).join(' ')} style={style} />
          );
        })}
      </svg>
      {children}
    </div>
  );
}
