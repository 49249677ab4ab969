import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GridBox } from '@verdant/contract';
import { Button, useToast } from '../../../../components/ui';
import { useAuth } from '../../../../state/hooks';
import { useOnlineStatus } from '../../../../lib/use-online-status';
import { boxesWithOpenProblems, type BoxProblemStyle } from '../../lib/problem-paint';
import type { PressurePaint } from '../../lib/pressure-frames';
import { useMarkGridScanned } from '../../api/use-rooms';
import { useProblemLook } from '../../../../components/problem-look';
import { useAuthImage } from '../../api/use-image';
import { ScanDetailsToggle } from '../scouting/scan-details';
import { GridMap, type MapGrid, type MultiSelectType } from './grid-map';
import { useOverdueBoxes } from './use-overdue-boxes';
import { ScanState } from './rooms-page';

interface GridSectionProps {
  grid: MapGrid;
  /** Height the section may take (CSS pixels): the map gets what its heading leaves. */
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
}

/** One grid of the room map: its heading, scan state, background upload and the map itself. */
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
}: GridSectionProps) {
  const { t } = useTranslation('rooms');
  const overdueIds = useOverdueBoxes();
  const toast = useToast();
  const { companyID, userId } = useAuth();
  const online = useOnlineStatus();
  const mark = useMarkGridScanned(companyID ?? 0, userId ?? 0);
  const look = useProblemLook(companyID ?? 0);
  const file = useRef<HTMLInputElement>(null);
  const bg = useAuthImage(backgroundUrl);
  const culled = useMemo(() => grid.grid_boxes.reduce((n, b) => n + (b.culled ? 1 : 0), 0), [grid.grid_boxes]);
  const open = useCallback((box: GridBox) => onOpenBox(box, grid), [onOpenBox, grid]);
  const header = useRef<HTMLDivElement>(null);
  const [headerHeight, setHeaderHeight] = useState(64);
  useLayoutEffect(() => {
    const el = header.current;
    if (!el) return;
    const measure = () => setHeaderHeight(el.getBoundingClientRect().height || 64);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  return (
    <section aria-labelledby={`grid-${grid.id}`} className="mb-6 last:mb-0">
      <div ref={header} className="mb-1.5 flex flex-wrap items-baseline gap-x-2">
        <h2 id={`grid-${grid.id}`} className="text-base font-semibold text-stone-900">
          {grid.Name}
        </h2>
        <p className="text-xs text-stone-600">
          {t('grid.summary', { nx: grid.nx, ny: grid.ny, count: grid.grid_boxes.length, culled })}
          {problems && boxesWithOpenProblems(problems) > 0 ? ` · ${t('problems.boxesWith', { count: boxesWithOpenProblems(problems) })}` : ''}
        </p>
      </div>
      <GridMap
        grid={grid}
        problemName={look.name}
        // The heading and the fitted map fill the view; the zoom row and scanned line follow under it. Taking the
        // grid's actions off this height too left a 100-row grid too little room to fit (e2e map-10k).
        maxHeight={Math.max(200, maxHeight - headerHeight - 8)}
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
      />
      {/* The grid's own state and actions sit under its map, so the map starts near the top of a phone screen. */}
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <ScanState scanned={grid.Scanned} when={grid.ScannedDateTime} by={grid.LastScannedBy} />
          <ScanDetailsToggle kind="grid" id={grid.id} name={grid.Name} />
        </div>
        <div className="flex flex-wrap gap-2">
          <input
            ref={file}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="sr-only"
            tabIndex={-1}
            aria-label={t('grid.background')}
            onChange={(e) => {
              const f = e.target.files?.[0];
              if (f) onUploadBackground(grid.id, f);
              e.target.value = '';
            }}
          />
          <Button size="md" variant="secondary" disabled={!online} loading={uploading} onClick={() => file.current?.click()}>
            {t('grid.background')}
          </Button>
          <Button
            size="md"
            variant="secondary"
            disabled={!online}
            loading={mark.isPending}
            onClick={() =>
              mark.mutate(grid.id, {
                onSuccess: () => toast.success(t('scan.gridMarked', { name: grid.Name })),
                onError: () => toast.danger(t('scan.markFailed')),
              })
            }
          >
            {t('scan.markGrid')}
          </Button>
        </div>
      </div>
    </section>
  );
}
