import { useTranslation } from 'react-i18next';
import type { Analysis } from '@verdant/vision';
import { Alert, Card } from '../../../components/ui';
import { usePhotoSrc } from '../../../components/photos';
import { localFindings } from '../lib/local-findings';
import { RegionOverlay } from './region-overlay';

function LocalPhoto({ photo, analysis, n }: { photo: Blob; analysis: Analysis; n: number }) {
  const { t } = useTranslation('scans');
  const { src } = usePhotoSrc(null, photo);
  const findings = localFindings(analysis);
  const regions = findings.flatMap((f) => f.regions.map((region, i) => ({ key: `${f.key}-${i}`, region })));
  return (
    <figure className="space-y-2">
      {src && <RegionOverlay src={src} alt={t('now.photoN', { n })} regions={regions} />}
      <figcaption className="text-sm text-stone-700">{t(`kind.${analysis.kind}`)}</figcaption>
      {analysis.kind === 'unknown' ? (
        <p className="text-sm text-stone-600">{t('kind.unknownHelp')}</p>
      ) : findings.length === 0 ? (
        <p className="text-sm text-stone-600">{t('detection.none')}</p>
      ) : (
        <ul className="space-y-1" data-testid="on-device-findings">
          {findings.map((f) => (
            <li key={f.key} className="rounded-md border border-stone-200 p-2 text-sm">
              <span className="font-medium text-stone-900">{f.problem}</span>
              {f.confidence !== null && ` · ${t('detection.confidence', { value: Math.round(f.confidence * 100) })}`}
              {f.affectedPercent !== null && ` · ${t('detection.affected', { value: f.affectedPercent.toFixed(1) })}`}
              {f.count !== null && ` · ${t('detection.count', { count: f.count })}`}
            </li>
          ))}
        </ul>
      )}
    </figure>
  );
}

/** The phone's own analysis of the photos, shown at once when there is no connection. */
export function OnDeviceResult({ photos, analyses }: { photos: Blob[]; analyses: Analysis[] }) {
  const { t } = useTranslation('scans');
  const engine = analyses[0]?.engine;
  return (
    <Card className="space-y-4 p-4" data-testid="on-device-result">
      <Alert tone="warning">{t('now.offlineResult')}</Alert>
      {engine && <p className="text-sm text-stone-600">{t('engine', { engine: engine.name, model: t('now.onDevice'), version: engine.version })}</p>}
      <div className="flex flex-wrap gap-4">
        {analyses.map((a, i) => (
          <LocalPhoto key={i} photo={photos[i]!} analysis={a} n={i + 1} />
        ))}
      </div>
    </Card>
  );
}
