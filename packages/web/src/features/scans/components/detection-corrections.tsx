import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScanDetection, ScanRegion } from '@verdant/contract';
import { Button, ConfirmDialog, Input } from '../../../components/ui';
import { useCorrectDetection } from '../api/use-scan-corrections';
import { useDrawing } from './drawing-context';

/** The regions that stand: the reviewer's once redrawn, else the engine's. */
export const currentRegions = (d: ScanDetection): ScanRegion[] => d.reviewed_regions ?? d.regions;

/** A number typed in a field, or null when it is not one inside [0, max] (whole when `whole`). */
function parsed(text: string, max: number, whole: boolean): number | null {
  if (text.trim() === '') return null;
  const v = Number(text);
  return Number.isFinite(v) && v >= 0 && v <= max && (!whole || Number.isInteger(v)) ? v : null;
}

function MeasureForm({ label, initial, max, whole, step, saveLabel, busy, onSave, testId }: {
  label: string; initial: number; max: number; whole: boolean; step: string; saveLabel: string; busy: boolean; onSave: (v: number) => void; testId: string;
}) {
  const { t } = useTranslation('scans');
  const [text, setText] = useState(String(initial));
  const value = parsed(text, max, whole);
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      data-testid={testId}
      onSubmit={(e) => {
        e.preventDefault();
        if (value !== null) onSave(value);
      }}
    >
      <div className="w-32">
        <Input label={label} type="number" inputMode={whole ? 'numeric' : 'decimal'} min={0} max={max} step={step} value={text} onChange={(e) => setText(e.target.value)}
          error={value === null ? t(whole ? 'correct.countInvalid' : 'correct.areaInvalid') : undefined} />
      </div>
      <Button type="submit" size="sm" disabled={value === null || busy}>
        {saveLabel}
      </Button>
    </form>
  );
}

/**
 * A reviewer's corrections of one detection: the insects counted (per size class: each size is its own
 * detection), the share of the leaf affected, and its regions (redraw, delete, add one). The engine's answer
 * stays on the server beside the reviewer's.
 */
export function DetectionCorrections({ companyId, detection, name, onSaved }: { companyId: number; detection: ScanDetection; name: string; onSaved: (d: ScanDetection) => void }) {
  const { t } = useTranslation('scans');
  const drawing = useDrawing();
  const correct = useCorrectDetection(companyId, detection.detection_id, onSaved);
  const [deleting, setDeleting] = useState<number | null>(null);
  const regions = currentRegions(detection);
  const count = detection.reviewed_count ?? detection.count;
  const area = detection.reviewed_affected_percent ?? detection.affected_percent;
  const saveRegions = (next: ScanRegion[]) => correct.mutate({ regions: next });
  const draw = (index: number | null) =>
    drawing.start({
      imageId: detection.scan_image_id,
      title: index === null ? t('correct.addRegionOf', { name }) : t('correct.redrawOf', { name, n: index + 1 }),
      onRegion: (region) => saveRegions(index === null ? [...regions, region] : regions.map((r, i) => (i === index ? region : r))),
    });
  return (
    <div className="mt-3 space-y-3 border-t border-stone-200 pt-3" data-testid={`corrections-${detection.detection_id}`}>
      {count !== null && (
        <MeasureForm label={t('correct.count')} initial={count} max={100_000} whole step="1" saveLabel={t('correct.saveCount')} busy={correct.isPending}
          onSave={(v) => correct.mutate({ count: v })} testId="correct-count" />
      )}
      {area !== null && (
        <MeasureForm label={t('correct.area')} initial={area} max={100} whole={false} step="0.1" saveLabel={t('correct.saveArea')} busy={correct.isPending}
          onSave={(v) => correct.mutate({ affected_percent: v })} testId="correct-area" />
      )}
      <div>
        <p className="text-sm font-medium text-stone-900">{t('correct.regions', { count: regions.length })}</p>
        {regions.length > 0 && (
          <ul className="mt-1 max-h-48 space-y-1 overflow-y-auto">
            {regions.map((r, i) => (
              <li key={i} className="flex flex-wrap items-center gap-2 text-sm text-stone-700">
                <span className="w-24">{t(r.type === 'box' ? 'correct.boxN' : 'correct.polygonN', { n: i + 1 })}</span>
                <Button size="sm" variant="secondary" disabled={correct.isPending} onClick={() => draw(i)} aria-label={t('correct.redrawOf', { name, n: i + 1 })}>
                  {t('correct.redraw')}
                </Button>
                <Button size="sm" variant="danger" disabled={correct.isPending} onClick={() => setDeleting(i)} aria-label={t('correct.deleteOf', { name, n: i + 1 })}>
                  {t('correct.delete')}
                </Button>
              </li>
            ))}
          </ul>
        )}
        <Button className="mt-2" size="sm" variant="secondary" disabled={correct.isPending} onClick={() => draw(null)}>
          {t('correct.addRegion')}
        </Button>
      </div>
      <ConfirmDialog
        open={deleting !== null}
        title={t('correct.deleteTitle')}
        description={t('correct.deleteHelp')}
        confirmLabel={t('correct.delete')}
        destructive
        onConfirm={() => {
          if (deleting !== null) saveRegions(regions.filter((_, i) => i !== deleting));
          setDeleting(null);
        }}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
