import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { savedReportsMessages, type ChartTypeName, type ReportTypeName, type SavedReport } from '@verdant/contract';
import { Alert, Button, Dialog, Input, useToast } from '../../../components/ui';
import { errorMessage } from '../../../api/api-error';
import type { ReportParams } from '../../../api/reports';
import { translateServerMessage } from '../../../lib/server-message';
import { useSaveReport } from '../api/use-save-report';
import { filtersOf } from '../lib/builder';
import type { ReportRow } from '../lib/report-table';

interface Props {
  open: boolean;
  onClose: () => void;
  onSaved: (report: SavedReport) => void;
  companyId: number;
  kind: ReportTypeName;
  chartType: ChartTypeName;
  params: ReportParams;
  rows: ReportRow[];
  suggestedName: string;
}

/** Names and saves the drawn report: its figures as they are now, and its choices to draw it again. */
export function SaveReportDialog({ open, onClose, onSaved, companyId, kind, chartType, params, rows, suggestedName }: Props) {
  const { t } = useTranslation('reports');
  const toast = useToast();
  const save = useSaveReport(companyId);
  const [name, setName] = useState(suggestedName);
  const [nameError, setNameError] = useState<string>();
  // One key per dialog: pressing Save again after a lost answer is the same save, not a second report.
  const [key] = useState(() => crypto.randomUUID());

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!name.trim()) return setNameError(t('save.nameRequired'));
    setNameError(undefined);
    const room_ids = params.room_ids ?? (params.room_id !== undefined ? [params.room_id] : []);
    save.mutate(
      {
        key,
        input: { company_id: companyId, report_name: name.trim(), chart_type: chartType, report_type: kind, room_ids, report_data: rows, filters: filtersOf(params) },
      },
      {
        onSuccess: (report) => {
          toast.success(t('save.saved'));
          onSaved(report);
        },
      },
    );
  }

  return (
    <Dialog open={open} onClose={onClose} title={t('save.title')} description={t('save.description')}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <Input label={t('save.name')} value={name} maxLength={200} required onChange={(e) => setName(e.target.value)} error={nameError} autoFocus />
        {save.isError && (
          <Alert tone="danger" title={t('save.unable')}>
            {translateServerMessage(errorMessage(save.error), savedReportsMessages, t, 'server')}
          </Alert>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose} disabled={save.isPending}>
            {t('app:ui.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('save.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
