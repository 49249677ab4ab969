import { useMemo, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CHART_TYPES, DATE_OPTIONS, deviceToday, INDICATORS, PLANT_COUNT_GROUPS, REPORT_TYPES, type DateOption } from '@verdant/contract';
import { Button, Input, Select } from '../../../components/ui';
import { roomListQuery } from '../../../api/queries/rooms';
import { plantProblemsQuery } from '../../../api/queries/plant-problems';
import { batchesQuery, batchStatusesQuery } from '../../../api/queries/batches';
import { cropsQuery } from '../../../api/queries/crops';
import { reportableFieldsQuery } from '../../../api/queries/saved-reports';
import { kindParameters, type BuilderField, type BuilderValues, type KindInfo } from '../lib/builder';
import { CheckList } from './check-list';

interface Props {
  companyId: number;
  kinds: readonly KindInfo[];
  values: BuilderValues;
  /** A field's refusal from the last "Show report", in the reader's language. */
  errorOf: (field: BuilderField) => string | undefined;
  /** Some field was refused at the last "Show report". */
  refused: boolean;
  /** The fields that changed (a kind change may move the period too). */
  onChange: (patch: Partial<BuilderValues>) => void;
  onSubmit: () => void;
  drawing: boolean;
}

/** The report's choices: kind, its parameters (only those its call takes), period and chart type. */
export function ReportBuilder({ companyId, kinds, values, errorOf: err, refused, onChange, onSubmit, drawing }: Props) {
  const { t } = useTranslation('reports');
  const info = kinds.find((k) => k.report_type === values.kind);
  const { has, needs, dateOptions } = kindParameters(info);
  const set = <K extends keyof BuilderValues>(key: K, value: BuilderValues[K]) => onChange({ [key]: value } as Partial<BuilderValues>);

  const wantsRooms = has('room_ids') || has('room_id');
  const wantsProblems = has('problem') || has('plant_problems');
  const wantsBatches = has('batch_id') || has('batchid') || values.dateOption === 'batch_related_date';
  const rooms = useQuery({ ...roomListQuery(companyId), enabled: wantsRooms });
  const problems = useQuery({ ...plantProblemsQuery(companyId), enabled: wantsProblems });
  const batches = useQuery({ ...batchesQuery(companyId), enabled: wantsBatches || has('strain_names') });
  const statuses = useQuery({ ...batchStatusesQuery(companyId), enabled: has('batch_statuses') });
  const fields = useQuery({ ...reportableFieldsQuery(companyId), enabled: has('FieldID') });
  const crops = useQuery({ ...cropsQuery(companyId), enabled: has('crop_id') });

  const roomOptions = useMemo(() => (rooms.data ?? []).map((r) => ({ value: r.RoomID, label: r.Name })), [rooms.data]);
  const problemOptions = useMemo(
    () => [...new Map((problems.data ?? []).map((p) => [p.name, { value: p.name, label: p.display_name || p.name }])).values()].sort((a, b) => a.label.localeCompare(b.label)),
    [problems.data],
  );
  const batchOptions = useMemo(() => (batches.data ?? []).map((b) => ({ value: String(b.BatchID), label: `${b.BatchNumber}${b.StrainName ? ` · ${b.StrainName}` : ''}` })), [batches.data]);
  const statusOptions = useMemo(
    () => [...new Set([...(statuses.data?.builtIn ?? []), ...(statuses.data?.custom ?? []).map((s) => s.status_name)])].map((s) => ({ value: s, label: s })),
    [statuses.data],
  );
  const strainOptions = useMemo(
    () => [...new Set((batches.data ?? []).map((b) => b.StrainName).filter(Boolean))].sort().map((s) => ({ value: s, label: s })),
    [batches.data],
  );
  const fieldOptions = useMemo(
    () => (fields.data ?? []).map((f) => ({ value: String(f.FieldID), label: `${f.TemplateName} › ${f.FieldName}` })),
    [fields.data],
  );
  const cropOptions = useMemo(() => (crops.data ?? []).map((c) => ({ value: String(c.crop_id), label: c.name })).sort((a, b) => a.label.localeCompare(b.label)), [crops.data]);
  const offered = REPORT_TYPES.filter((k) => kinds.some((i) => i.report_type === k));

  function changeKind(kind: string) {
    const next = offered.find((k) => k === kind) ?? values.kind;
    const nextInfo = kindParameters(kinds.find((k) => k.report_type === next));
    // A kind that does not take the chosen period starts on its first one (cumulative has no batch dates).
    const dateOption = nextInfo.dateOptions.includes(values.dateOption) ? values.dateOption : (nextInfo.dateOptions[0] ?? values.dateOption);
    onChange({ kind: next, dateOption });
  }

  function takeBatchDates(batchId: string) {
    const batch = batches.data?.find((b) => String(b.BatchID) === batchId);
    if (!batch) return set('batchId', batchId);
    onChange({ batchId, startDate: batch.StartDate ?? values.startDate, endDate: batch.EndDate && batch.EndDate < deviceToday() ? batch.EndDate : deviceToday() });
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    onSubmit();
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label={t('builder.title')}>
      <div className="grid gap-4 sm:grid-cols-2">
        <Select label={t('builder.kind')} value={values.kind} onChange={(e) => changeKind(e.target.value)} options={offered.map((k) => ({ value: k, label: t(`kinds.${k}`) }))} />
        <Select
          label={t('builder.chartType')}
          value={values.chartType}
          onChange={(e) => set('chartType', CHART_TYPES.find((c) => c === e.target.value) ?? values.chartType)}
          options={CHART_TYPES.map((c) => ({ value: c, label: t(`chartTypes.${c}`) }))}
        />
      </div>

      {dateOptions.length > 0 && (
        <div className="grid gap-4 sm:grid-cols-3">
          <Select
            label={t('builder.dateOption')}
            value={values.dateOption}
            error={err('dateOption')}
            onChange={(e) => set('dateOption', DATE_OPTIONS.find((o) => o === e.target.value) ?? values.dateOption)}
            options={dateOptions.map((o: DateOption) => ({ value: o, label: t(`dateOptions.${o}`) }))}
          />
          {values.dateOption === 'weeks_ago' ? (
            <Input
              label={t('builder.weeksAgo')}
              inputMode="numeric"
              value={values.weeksAgo}
              onChange={(e) => set('weeksAgo', e.target.value)}
              hint={t('builder.weeksAgoHint')}
              error={err('weeksAgo')}
            />
          ) : (
            <>
              <Input label={t('builder.startDate')} type="date" value={values.startDate} max={values.endDate || undefined} onChange={(e) => set('startDate', e.target.value)} error={err('startDate')} />
              <Input label={t('builder.endDate')} type="date" value={values.endDate} min={values.startDate || undefined} onChange={(e) => set('endDate', e.target.value)} error={err('endDate')} />
            </>
          )}
          {values.dateOption === 'batch_related_date' && !has('batch_id') && !has('batchid') && (
            <Select label={t('builder.batchForDates')} value={values.batchId} onChange={(e) => takeBatchDates(e.target.value)} className="sm:col-span-1">
              <option value="">{t('builder.pickBatch')}</option>
              {batchOptions.map((b) => (
                <option key={b.value} value={b.value}>{b.label}</option>
              ))}
            </Select>
          )}
        </div>
      )}

      <div className="grid gap-4 sm:grid-cols-2">
        {has('crop_id') && (
          <Select label={t('builder.crop')} value={values.cropId} onChange={(e) => set('cropId', e.target.value)} error={err('cropId')} required hint={t('builder.cropHint')}>
            <option value="">{t('builder.pickCrop')}</option>
            {cropOptions.map((c) => (
              <option key={c.value} value={c.value}>{c.label}</option>
            ))}
          </Select>
        )}
        {has('indicator') && (
          <Select
            label={t('builder.indicator')}
            value={values.indicator}
            onChange={(e) => set('indicator', INDICATORS.find((i) => i === e.target.value) ?? values.indicator)}
            options={INDICATORS.map((i) => ({ value: i, label: t(`indicators.${i}`) }))}
          />
        )}
        {has('room_ids') && (
          <CheckList
            legend={t('builder.rooms')}
            hint={needs('room_ids') ? undefined : t('builder.roomsAll')}
            error={err('roomIds')}
            empty={t('builder.noneToPick')}
            options={roomOptions}
            value={values.roomIds}
            onChange={(v) => set('roomIds', v)}
          />
        )}
        {has('room_id') && (
          <Select label={t('builder.room')} value={values.roomId} onChange={(e) => set('roomId', e.target.value)}>
            <option value="">{t('builder.allRooms')}</option>
            {roomOptions.map((r) => (
              <option key={r.value} value={r.value}>{r.label}</option>
            ))}
          </Select>
        )}
        {has('plant_problems') && (
          <CheckList
            legend={t('builder.problems')}
            error={err('problems')}
            empty={t('builder.noneToPick')}
            options={problemOptions}
            value={values.problems}
            onChange={(v) => set('problems', v)}
          />
        )}
        {has('problem') && (
          <Select label={t('builder.problem')} value={values.problem} onChange={(e) => set('problem', e.target.value)} error={err('problem')} required={needs('problem')}>
            <option value="">{needs('problem') ? t('builder.pickProblem') : t('builder.anyProblem')}</option>
            {problemOptions.map((p) => (
              <option key={p.value} value={p.value}>{p.label}</option>
            ))}
          </Select>
        )}
        {(has('batch_id') || has('batchid')) && (
          <Select
            label={t('builder.batch')}
            value={values.batchId}
            onChange={(e) => set('batchId', e.target.value)}
            error={err('batchId')}
            required={needs('batch_id') || needs('batchid')}
          >
            <option value="">{needs('batch_id') || needs('batchid') ? t('builder.pickBatch') : t('builder.anyBatch')}</option>
            {batchOptions.map((b) => (
              <option key={b.value} value={b.value}>{b.label}</option>
            ))}
          </Select>
        )}
        {has('FieldID') &&
          (fields.isSuccess && fieldOptions.length === 0 ? (
            <p className="text-sm text-stone-700">{t('builder.noFields')}</p>
          ) : (
            <Select label={t('builder.field')} value={values.fieldId} onChange={(e) => set('fieldId', e.target.value)} error={err('fieldId')} required>
              <option value="">{t('builder.pickField')}</option>
              {fieldOptions.map((f) => (
                <option key={f.value} value={f.value}>{f.label}</option>
              ))}
            </Select>
          ))}
        {has('group_by') && (
          <Select
            label={t('builder.groupBy')}
            value={values.groupBy}
            onChange={(e) => set('groupBy', PLANT_COUNT_GROUPS.find((g) => g === e.target.value) ?? 'crop')}
            options={PLANT_COUNT_GROUPS.map((g) => ({ value: g, label: t(`groupBy.${g}`) }))}
          />
        )}
        {has('batch_statuses') && (
          <CheckList
            legend={t('builder.statuses')}
            error={err('batchStatuses')}
            empty={t('builder.noneToPick')}
            options={statusOptions}
            value={values.batchStatuses}
            onChange={(v) => set('batchStatuses', v)}
          />
        )}
        {has('strain_names') && (
          <CheckList
            legend={t('builder.strains')}
            error={err('strainNames')}
            empty={t('builder.noneToPick')}
            options={strainOptions}
            value={values.strainNames}
            onChange={(v) => set('strainNames', v)}
          />
        )}
      </div>

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" loading={drawing}>
          {t('builder.show')}
        </Button>
        {refused && (
          <p role="alert" className="text-sm font-medium text-red-700">
            {t('builder.fixErrors')}
          </p>
        )}
      </div>
    </form>
  );
}
