import { createContext, useContext } from 'react';
import type { ScanRegion } from '@verdant/contract';

/** A request to draw one region on one photo of the scan (redraw a detection's region, add a missed problem). */
export interface DrawRequest {
  imageId: number;
  /** What is being drawn, shown under the photo. */
  title: string;
  onRegion: (region: ScanRegion) => void;
}

/** ScanResult holds the one drawing at a time; the detection rows and the "add a missed problem" form start it. */
export const DrawingContext = createContext<{ start: (r: DrawRequest) => void; active: DrawRequest | null }>({ start: () => undefined, active: null });
export const useDrawing = () => useContext(DrawingContext);
