import { useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import '../../packages/web/src/lib/i18n';
import { GridMap } from '../../packages/web/src/features/rooms/map/components/grid-map';
import { benchGrid, markPainted } from './data';

function Harness() {
  useEffect(() => markPainted(), []);
  return <GridMap grid={benchGrid()} onOpenBox={() => {}} />;
}

declare global {
  interface Window {
    /** One zoom step through the map's own button: time until React has repainted, and until the frame is on screen. */
    __zoomStep?: (direction: 'in' | 'out') => Promise<{ sync: number; frame: number }>;
  }
}

window.__zoomStep = (direction) =>
  new Promise((resolve) => {
    const button = document.querySelector<HTMLButtonElement>(`button[aria-label="${direction === 'in' ? 'Zoom in' : 'Zoom out'}"]`)!;
    const t0 = performance.now();
    // A click is a discrete event: React renders and runs the canvas paint (a layout effect) in the click or in
    // the microtask it queues then; ours is queued after it, so it sees the repaint done.
    button.click();
    queueMicrotask(() => {
      const sync = performance.now() - t0;
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve({ sync, frame: performance.now() - t0 });
        channel.port2.postMessage(null);
      });
    });
  });

createRoot(document.getElementById('root')!).render(<Harness />);
