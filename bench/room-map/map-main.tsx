import { useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import '../../packages/web/src/lib/i18n';
import { GridMap } from '../../packages/web/src/features/rooms/components/map/grid-map';
import { benchGrid, markPainted } from './data';

function Harness() {
  useEffect(() => markPainted(), []);
  return <GridMap grid={benchGrid()} onOpenBox={() => {}} />;
}

createRoot(document.getElementById('root')!).render(<Harness />);
