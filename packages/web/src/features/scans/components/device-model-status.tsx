import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui';
import type { DeviceClassification, DeviceModelPlan } from '../lib/device-model';
import type { Keeping } from '../lib/use-device-model';

/**
 * Scan now's line about the company's ONNX classifier on this phone: kept for offline scans, being kept,
 * or why it cannot run here (then scans are analysed with it when they reach the server). Nothing for a
 * built-in model: the phone always runs those.
 */
export function DeviceModelStatus({ plan, keeping }: { plan: DeviceModelPlan; keeping: Keeping }) {
  const { t } = useTranslation('scans');
  if (plan.kind === 'builtin') return null;
  if (plan.kind === 'serverOnly') {
    return (
      <Alert tone="warning" title={t('deviceModel.cannotTitle', { model: plan.name })}>
        {t(`deviceModel.problem.${plan.problem}`, { model: plan.name })}
      </Alert>
    );
  }
  const model = plan.recipe.name;
  return (
    <p className="text-sm text-stone-700" role="status" data-testid="device-model-status">
      {keeping === 'held' ? t('deviceModel.held', { model }) : keeping === 'downloading' ? t('deviceModel.downloading', { model }) : t('deviceModel.online', { model })}
    </p>
  );
}

/** Under the phone's result of a waiting scan: what the company's classifier said on this phone, or why it did not run. */
export function DeviceClassificationNote({ result }: { result: DeviceClassification | null }) {
  const { t } = useTranslation('scans');
  if (!result) return null;
  if (!result.ok) {
    return (
      <Alert tone="warning" title={t('deviceModel.cannotTitle', { model: result.name })}>
        {t(`deviceModel.problem.${result.problem}`, { model: result.name })}
      </Alert>
    );
  }
  return (
    <ul className="space-y-1 text-sm text-stone-800" data-testid="device-classification">
      {result.scores.map((photo, i) => (
        <li key={i}>
          {t('deviceModel.answer', { model: result.name, n: i + 1, label: photo[0]?.label ?? '', percent: ((photo[0]?.probability ?? 0) * 100).toFixed(1) })}
        </li>
      ))}
    </ul>
  );
}
