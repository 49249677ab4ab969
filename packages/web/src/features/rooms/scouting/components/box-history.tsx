import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { GridBox, PlantHistoryEntry } from '@verdant/contract';
import { Alert } from '../../../../components/ui';
import { errorMessage } from '../../../../api/api-error';
import { isNotAvailableOffline } from '../../../../api/offline-errors';
import { boxHistoryQuery } from '../../../../api/queries/grid-boxes';
import { useAuth } from '../../../../state/hooks';
import { useFormatDate } from '../../../../lib/format-date';

/** How many entries the panel lists (newest first). */
const SHOWN = 30;

const text = (v: unknown): string => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v));

/** One history line in the reader's language, from its kind and details. */
function useDescribe() {
  const { t } = useTranslation('rooms');
  return (h: PlantHistoryEntry): string => {
    const d = h.details;
    switch (h.kind) {
      case 'culled':
        return t('history.culled');
      case 'unculled':
        return t('history.unculled');
      case 'renamed':
        return d.to ? t('history.renamed', { name: text(d.to) }) : t('history.nameCleared');
      case 'plant_moved_in':
        return t('history.movedIn', { uid: h.plant_uid ?? '' });
      case 'plant_moved_out':
        return t('history.movedOut', { uid: h.plant_uid ?? '' });
      case 'form_submitted':
        return t('history.form', { form: text(d.template_name) });
      case 'problem_observed':
        return d.severity === null || d.severity === undefined
          ? t('history.observed', { problem: text(d.problem) })
          : t('history.observedSeverity', { problem: text(d.problem), severity: text(d.severity) });
      case 'comment':
        return t('history.comment', { text: text(d.text) });
      default:
        return h.description;
    }
  };
}

/** Everything recorded on the box, newest first: forms, problems seen, comments, culling, renames, plant moves. */
export function BoxHistory({ box }: { box: GridBox }) {
  const { t } = useTranslation('rooms');
  const { companyID } = useAuth();
  const formatDate = useFormatDate();
  const describe = useDescribe();
  const history = useQuery({ ...boxHistoryQuery(companyID ?? 0, box.id), enabled: Boolean(companyID) });
  if (history.isPending) return <p className="text-sm text-stone-600">{t('history.loading')}</p>;
  if (history.isError) {
    // Offline with no copy of this box's history on the device.
    if (isNotAvailableOffline(history.error)) return <p className="text-sm text-stone-600">{errorMessage(history.error)}</p>;
    return <Alert tone="danger">{errorMessage(history.error)}</Alert>;
  }
  if (history.data.length === 0) return <p className="text-sm text-stone-600">{t('box.noHistory')}</p>;
  return (
    <>
      <ol className="space-y-2">
        {history.data.slice(0, SHOWN).map((h, i) => (
          <li key={`${h.at}-${h.kind}-${i}`} className="text-sm">
            <p className="break-words text-stone-900">{describe(h)}</p>
            <p className="text-xs text-stone-600">
              {formatDate(h.at)}
              {h.user_name ? ` · ${h.user_name}` : ''}
            </p>
          </li>
        ))}
      </ol>
      {history.data.length > SHOWN && <p className="mt-2 text-xs text-stone-600">{t('history.more', { count: history.data.length - SHOWN })}</p>}
    </>
  );
}
