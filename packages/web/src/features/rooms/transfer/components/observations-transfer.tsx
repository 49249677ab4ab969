import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ObservationImport, ObservationPreview } from '@verdant/contract';
import { errorMessage } from '../../../../api/api-error';
import { roomListQuery } from '../../../../api/queries/rooms';
import { Button, Card, Input, Select, useToast } from '../../../../components/ui';
import { useFormatDate } from '../../../../lib/format-date';
import {
  observationImportsQuery, useApplyObservations, useExportObservations, usePreviewObservations, useUndoObservations, type ObservationExportFilter,
} from '../api/use-observation-transfer';
import { useRunningImportJob } from '../api/use-import-job';
import { ImportCard, UndoImportDialog } from './import-card';
import { placeOf, PreviewLines, RecentImports } from './preview-lines';
import { saveBlob } from '@/lib/save-blob';

function ObservationPreviewTable({ preview }: { preview: ObservationPreview }) {
  const { t } = useTranslation('rooms');
  const formatDate = useFormatDate();
  return (
    <PreviewLines<ObservationPreview['lines'][number]>
      counts={[
        { tone: 'success', text: t('transfer.obs.create', { count: preview.create }) },
        { tone: 'info', text: t('transfer.obs.change', { count: preview.change }) },
        { tone: 'neutral', text: t('transfer.unchanged', { count: preview.unchanged }) },
        { tone: 'danger', text: t('transfer.refused', { count: preview.refused }) },
      ]}
      countsLabel={t('transfer.obs.summary')}
      lines={preview.lines}
      linesLabel={t('transfer.obs.lines')}
      whatHeader={t('transfer.obs.col.observation')}
      what={(l) => (
        <>
          <span className="font-medium text-stone-900">{l.problem || '—'}</span>
          <span className="block text-stone-600">
            {placeOf(l)}
            {/* A refused line's time is shown as the file wrote it (it may be what is wrong with it). */}
            {l.observed_at ? ` · ${l.action === 'refuse' ? l.observed_at : formatDate(l.observed_at)}` : ''}
          </span>
        </>
      )}
      nothingToDo={t('transfer.obs.nothingToDo')}
      truncated={preview.truncated}
      minWidth="min-w-[40rem]"
    />
  );
}

/** The observations' export: a room (or all) and a span of days, as CSV or GeoJSON. */
export function ObservationsExport({ companyId }: { companyId: number }) {
  const { t } = useTranslation('rooms');
  const toast = useToast();
  const rooms = useQuery(roomListQuery(companyId));
  const exporting = useExportObservations(companyId);
  const [roomId, setRoomId] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const badSpan = from !== '' && to !== '' && from > to;
  const download = (format: ObservationExportFilter['format']) =>
    exporting.mutate(
      { format, ...(roomId ? { room_id: Number(roomId) } : {}), ...(from ? { start_date: from } : {}), ...(to ? { end_date: to } : {}) },
      { onSuccess: (blob) => saveBlob(blob, `verdant-observations.${format}`), onError: (err) => toast.danger(errorMessage(err)) },
    );
  return (
    <Card>
      <h2 className="text-base font-semibold text-stone-900">{t('transfer.obs.exportTitle')}</h2>
      <p className="mt-1 text-sm text-stone-700">{t('transfer.obs.exportBody')}</p>
      <div className="mt-3 grid gap-3 sm:grid-cols-3">
        <Select
          label={t('transfer.obs.room')}
          value={roomId}
          onChange={(e) => setRoomId(e.target.value)}
          options={[{ value: '', label: t('transfer.obs.allRooms') }, ...(rooms.data ?? []).map((r) => ({ value: String(r.RoomID), label: r.Name }))]}
        />
        <Input label={t('transfer.obs.from')} type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        <Input label={t('transfer.obs.to')} type="date" value={to} onChange={(e) => setTo(e.target.value)} error={badSpan ? t('transfer.obs.badSpan') : undefined} />
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button onClick={() => download('csv')} disabled={badSpan} loading={exporting.isPending && exporting.variables?.format === 'csv'}>{t('transfer.obs.downloadCsv')}</Button>
        <Button variant="secondary" onClick={() => download('geojson')} disabled={badSpan} loading={exporting.isPending && exporting.variables?.format === 'geojson'}>
          {t('transfer.obs.downloadGeojson')}
        </Button>
      </div>
    </Card>
  );
}

/** The observations' import (Admins): the preview first, line by line, then apply; the recent imports with their undo. */
export function ObservationsImport({ companyId }: { companyId: number }) {
  const { t } = useTranslation('rooms');
  const preview = usePreviewObservations(companyId);
  const apply = useApplyObservations(companyId);
  const undo = useUndoObservations(companyId);
  const imports = useQuery(observationImportsQuery(companyId));
  const resumed = useRunningImportJob(companyId, 'observations', !preview.isPending && !apply.isPending);
  const [file, setFile] = useState<File | null>(null);
  const [toUndo, setToUndo] = useState<ObservationImport | null>(null);
  const choose = (f: File | null) => {
    setFile(f);
    apply.reset();
    preview.reset();
    if (f) preview.mutate(f);
  };
  return (
    <>
      <ImportCard
        title={t('transfer.obs.importTitle')}
        body={t('transfer.obs.importBody')}
        fileId="observations-file"
        fileLabel={t('transfer.obs.file')}
        applyLabel={t('transfer.obs.apply')}
        resumed={resumed}
        preview={preview}
        apply={apply}
        file={file}
        onChoose={choose}
        renderPreview={(p) => <ObservationPreviewTable preview={p.preview} />}
        appliedText={(a) => t('transfer.obs.applied', { created: a.import?.created ?? 0, changed: a.import?.changed ?? 0 })}
      />
      <Card>
        <h2 className="text-base font-semibold text-stone-900">{t('transfer.obs.recent')}</h2>
        <RecentImports<ObservationImport>
          imports={imports}
          label={t('transfer.obs.recent')}
          counts={(x) => t('transfer.obs.importCounts', { created: x.created, changed: x.changed })}
          undoLabel={(x) => t('transfer.obs.undoLabel', { name: x.file_name })}
          onUndo={setToUndo}
        />
      </Card>
      <UndoImportDialog
        toUndo={toUndo}
        description={t('transfer.obs.undoBody', { created: toUndo?.created ?? 0, changed: toUndo?.changed ?? 0 })}
        undo={undo}
        onClose={() => setToUndo(null)}
        onUndone={() => apply.reset()}
      />
    </>
  );
}
