import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ObservationListItem } from '@verdant/contract';
import { ErrorState, LoadingState } from '../../../components/ui';
import { responseQuery } from '../../../api/queries/observations';
import { CommentThread } from '../../../components/comment-thread/comment-thread';
import { useFormatDate } from '../../../lib/format-date';

/** An answer as people read it: lists joined, ticks as yes/no (photos are thumbnails, apart). */
function useAnswerText() {
  const { t } = useTranslation('observations');
  return (type: string, raw: string) => {
    if (type === 'checkbox') return raw === '1' || raw === 'true' ? t('answer.yes') : t('answer.no');
    if (raw.startsWith('[')) {
      try {
        const list: unknown = JSON.parse(raw);
        if (Array.isArray(list)) return list.map(String).join(', ');
      } catch {
        // Not JSON: shown as written.
      }
    }
    return raw;
  };
}

function Answers({ companyId, responseId }: { companyId: number; responseId: number }) {
  const { t } = useTranslation('observations');
  const formatDate = useFormatDate();
  const answerText = useAnswerText();
  const response = useQuery({ ...responseQuery(companyId, responseId), enabled: Boolean(companyId) });
  if (response.isPending) return <LoadingState className="flex items-center gap-3 py-3 text-sm text-stone-700" />;
  if (response.isError) return <ErrorState error={response.error} onRetry={() => void response.refetch()} />;
  const { response: meta } = response.data;
  // Photo answers are the thumbnails of the observation's row (ObservationPhotos), not text here.
  const fieldResponses = response.data.fieldResponses.filter((f) => f.FieldType !== 'photo');
  return (
    <section aria-label={t('details.form')}>
      <h4 className="text-sm font-semibold text-stone-900">{t('details.formTitle', { name: meta.TemplateName })}</h4>
      <p className="text-xs text-stone-600">
        {t('details.submitted', { name: meta.SubmittedByName ?? t('details.someone'), date: formatDate(meta.SubmittedAt) })}
      </p>
      {fieldResponses.length === 0 ? (
        <p className="mt-2 text-sm text-stone-600">{t('details.noAnswers')}</p>
      ) : (
        <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[minmax(8rem,auto)_1fr]">
          {fieldResponses.map((f) => (
            <div key={f.field_response_id} className="contents">
              <dt className="font-medium text-stone-700">{f.FieldName}</dt>
              <dd className="mb-1 break-words text-stone-900 sm:mb-0">{answerText(f.FieldType, f.inputData) || '—'}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

/** The response an observation came from, and the comments on it. */
export function ObservationDetails({ companyId, observation }: { companyId: number; observation: ObservationListItem }) {
  const { t } = useTranslation('observations');
  if (observation.ResponseID === null) {
    return <p className="text-sm text-stone-600">{t('details.noResponse')}</p>;
  }
  return (
    <div className="flex flex-col gap-4">
      <Answers companyId={companyId} responseId={observation.ResponseID} />
      <CommentThread companyId={companyId} responseId={observation.ResponseID} />
    </div>
  );
}
