import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEFAULT_CHART_TYPE, reportsMessages } from '@verdant/contract';
import { Button, Card, ErrorState, LoadingState, PageHeader } from '../../../components/ui';
import { reportInfoQuery, savedReportQuery } from '../../../api/queries/saved-reports';
import { reportRunQuery } from '../../../api/queries/reports';
import type { ReportParams } from '../../../api/reports';
import { errorMessage } from '../../../api/api-error';
import { translateServerMessage } from '../../../lib/server-message';
import { useFormatDay } from '../../../lib/format-date';
import { useAuth } from '../../../state/hooks';
import { builderSchema, initialValues, validateBuilder, valuesFromSaved, type BuilderField, type BuilderValues } from '../lib/builder';
import { useDraftForm } from '../../../components/draft-form';
import { toReportTable } from '../lib/report-table';
import { ReportBuilder } from './report-builder';
import { ReportView } from './report-view';
import { SaveReportDialog } from './save-report-dialog';
import { SavedReportsList } from './saved-reports-list';

/** What was last drawn: the kind, chart and parameters at the moment "Show report" was pressed. */
interface Drawn {
  values: BuilderValues;
  params: ReportParams;
}

/** reports: build a report, see it, export it, save it; below, the saved reports to open, pin or delete. */
export default function ReportsPage() {
  const { t } = useTranslation('reports');
  const { companyID } = useAuth();
  const companyId = companyID ?? 0;
  const [search] = useSearchParams();
  const fromId = Number(search.get('from')) || 0;
  // Another screen may open the builder on a kind with its parameters (paths.reportOf), read as a saved report's filters.
  const linked = useMemo(() => {
    const kind = search.get('kind');
    if (!kind || fromId > 0) return null;
    const filters = Object.fromEntries([...search.entries()].filter(([k]) => k !== 'kind'));
    return { report_type: kind, chart_type: DEFAULT_CHART_TYPE, room_ids: [], filters };
  }, [search, fromId]);
  const info = useQuery({ ...reportInfoQuery(companyId), enabled: Boolean(companyID) });
  const from = useQuery({ ...savedReportQuery(companyId, fromId), enabled: Boolean(companyID) && fromId > 0 });
  const [drawn, setDrawn] = useState<Drawn | null>(null);
  const [saving, setSaving] = useState(false);
  const day = useFormatDay();

  const kinds = useMemo(() => info.data?.report_types ?? [], [info.data]);
  const schema = useMemo(() => builderSchema(kinds), [kinds]);
  const [defaultValues] = useState(() => initialValues());
  const { form, draft: values, change: changeFields, errorOf: errorIn, hasRuleErrors } = useDraftForm({ schema, defaultValues });
  const errorOf = (field: BuilderField) => errorIn(field, (key) => t(key));

  // The screen opens with a report drawn: the defaults, or the saved report it was opened from.
  useEffect(() => {
    if (!info.data || drawn) return;
    // A saved report that is gone (or unreadable) leaves the defaults.
    if (fromId > 0 && from.isPending) return;
    const start = from.data ? valuesFromSaved(from.data) : linked ? valuesFromSaved(linked, values) : values;
    const { params } = validateBuilder(start, info.data.report_types.find((k) => k.report_type === start.kind));
    form.reset(start);
    if (params) setDrawn({ values: start, params });
    // Runs once the choices (and the saved report) are known; later changes wait for "Show report".
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [info.data, from.data, from.isPending]);

  const run = useQuery({ ...reportRunQuery(companyId, drawn?.values.kind ?? 'trends', drawn?.params ?? {}), enabled: Boolean(companyID) && drawn !== null });
  const table = useMemo(() => (run.data ? toReportTable(run.data) : null), [run.data]);
  const range = run.data && 'range' in run.data.answer ? run.data.answer.range : null;

  const show = form.handleSubmit((params) => setDrawn({ values: form.getValues(), params }));

  // A chart type change redraws at once: the figures are the same.
  function change(patch: Partial<BuilderValues>) {
    changeFields(patch);
    const next = { ...values, ...patch };
    if (drawn && next.chartType !== drawn.values.chartType && next.kind === drawn.values.kind) setDrawn({ ...drawn, values: { ...drawn.values, chartType: next.chartType } });
  }

  const kindName = drawn ? t(`kinds.${drawn.values.kind}`) : '';
  const period = range ? t('result.period', { from: day(range.start_date), to: day(range.end_date) }) : undefined;

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <div className="flex flex-col gap-6">
        <Card title={t('builder.title')}>
          {info.isPending ? (
            <LoadingState />
          ) : info.isError ? (
            <ErrorState error={info.error} onRetry={() => void info.refetch()} title={t('builder.infoFailed')} />
          ) : (
            <ReportBuilder companyId={companyId} kinds={kinds} values={values} errorOf={errorOf} refused={hasRuleErrors} onChange={change} onSubmit={() => void show()} drawing={run.isFetching} />
          )}
        </Card>

        <Card aria-label={t('result.title')}>
          {!drawn ? (
            <p className="text-sm text-stone-700">{t('result.notDrawn')}</p>
          ) : run.isPending ? (
            <LoadingState />
          ) : run.isError ? (
            <ErrorState
              error={new Error(translateServerMessage(errorMessage(run.error), reportsMessages, t, 'errors'))}
              onRetry={() => void run.refetch()}
            />
          ) : (
            table && (
              <ReportView
                name={kindName}
                kind={drawn.values.kind}
                data={table.rows}
                chartType={drawn.values.chartType}
                subtitle={period}
                actions={
                  <Button size="sm" onClick={() => setSaving(true)} disabled={table.rows.length === 0}>
                    {t('result.save')}
                  </Button>
                }
              />
            )
          )}
        </Card>

        <SavedReportsList companyId={companyId} />
      </div>
      {saving && drawn && table && (
        <SaveReportDialog
          open
          onClose={() => setSaving(false)}
          onSaved={() => setSaving(false)}
          companyId={companyId}
          kind={drawn.values.kind}
          chartType={drawn.values.chartType}
          params={drawn.params}
          rows={table.rows}
          suggestedName={period ? `${kindName} · ${period}` : kindName}
        />
      )}
    </>
  );
}
