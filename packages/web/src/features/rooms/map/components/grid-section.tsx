import { useCallback, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { GridBox } from '@verdant/contract';
import { useAuth } from '../../../../state/hooks';
import { useOnlineStatus } from '../../../../lib/use-online-status';
import { boxesWithOpenProblems, type BoxProblemStyle } from '../../lib/problem-paint';
import type { PressurePaint } from '../lib/pressure-frames';
import { useProblemLook } from '../../../../components/problem-look';
import { useAuthImage } from '../api/use-image';
import { GridMap, type MapGrid, type MultiSelectType } from './grid-map';
import { GridFooter } from './grid-footer';
import { useElementHeight } from './use-element-height';
import { useOverdueBoxes } from './use-overdue-boxes';

interface GridSectionProps {
  grid: MapGrid;
  /** Height the section may take (CSS pixels): the map gets what its heading, keys and footer leave. */
  maxHeight: number;
  selectedBoxId: number | null;
  targetBoxId: number | null;
  picking: boolean;
  backgroundUrl: string | null;
  opacity: number;
  onOpenBox: (box: GridBox, grid: MapGrid) => void;
  onUploadBackground: (gridId: number, file: File) => void;
  uploading: boolean;
  problems: ReadonlyMap<number, BoxProblemStyle> | null;
  /** The pressure frame to paint instead of problems ("Pressure over time" mode). */
  pressure?: PressurePaint | null;
  selectMode: MultiSelectType | null;
  selectedIds: ReadonlySet<number>;
  onSelectBoxes: (boxes: GridBox[], how: 'toggle' | 'add') => void;
  /** A box of this grid to bring into view (opened from a link). */
  focusBox?: { x: number; y: number } | null;
  /** Sample plants of crop registration by box id, when their layer is on. */
  samplePlants?: ReadonlyMap<number, { label: string }>;
}

/** One grid of the room map: its heading beside the zoom control, the map, and its scanned line and actions under it. */
export function GridSection({
  grid,
  maxHeight,
  selectedBoxId,
  targetBoxId,
  picking,
  backgroundUrl,
  opacity,
  onOpenBox,
  onUploadBackground,
  uploading,
  problems,
  pressure = null,
  selectMode,
  selectedIds,
  onSelectBoxes,
  focusBox = null,
  samplePlants,
}: GridSectionProps) {
  const { t } = useTranslation('rooms');
  const overdueIds = useOverdueBoxes();
  const { companyID } = useAuth();
  const online = useOnlineStatus();
  const look = useProblemLook(companyID ?? 0);
  const bg = useAuthImage(backgroundUrl);
  const culled = useMemo(() => grid.grid_boxes.reduce((n, b) => n + (b.culled ? 1 : 0), 0), [grid.grid_boxes]);
  const open = useCallback((box: GridBox) => onOpenBox(box, grid), [onOpenBox, grid]);
  const footer = useRef<HTMLDivElement>(null);
  const footerHeight = useElementHeight(footer, 52);
  const withProblems = problems ? boxesWithOpenProblems(problems) : 0;

  return (
    <section aria-labelledby={`grid-${grid.id}`} className="mb-6 last:mb-0">
      <GridMap
        grid={grid}
        heading={
          <div className="flex flex-wrap items-baseline gap-x-2">
            <h2 id={`grid-${grid.id}`} className="text-base font-semibold text-stone-900">
              {grid.Name}
            </h2>
            <p className="text-xs text-stone-600">
              {t('grid.summary', { nx: grid.nx, ny: grid.ny, count: grid.grid_boxes.length, culled })}
              {withProblems > 0 ? ` · ${t('problems.boxesWith', { count: withProblems })}` : ''}
            </p>
          </div>
        }
        problemName={look.name}
        // The map gets what the grid's scanned line and actions leave, so both stay in view under it (issue 20).
        maxHeight={maxHeight - footerHeight}
        selectedBoxId={selectedBoxId}
        targetBoxId={targetBoxId}
        picking={picking}
        onOpenBox={open}
        backgroundUrl={bg}
        opacity={opacity}
        problems={problems}
        pressure={pressure}
        selectMode={selectMode}
        selectedIds={selectedIds}
        onSelectBoxes={onSelectBoxes}
        focusBox={focusBox}
        overdueIds={overdueIds}
        samplePlants={samplePlants}
      />
      <GridFooter ref={footer} grid={grid} online={online} uploading={uploading} onUploadBackground={onUploadBackground} />
    </section>
  );
}
