import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ObservationImport, ObservationPreview } from '@verdant/contract';
import { errorMessage } from '../../../../api/api-error';
import { roomListQuery } from '../../../../api/queries/rooms';
import { Alert, Badge, Button, Card, ConfirmDialog, EmptyState, ErrorState, Input, LoadingState, ScrollRegion, Select, useToast } from '../../../../components/ui';
import { useFormatDate } from '../../../../lib/format-date';
import {
  observationImportsQuery, useApplyObservations, useExportObservations, usePreviewObservations, useUndoObservations, type ObservationExportFilter,
} from '../api/use-observation-transfer';
import { useRunningImportJob } from '../api/use-import-job';
import { ImportProgress } from './import-progress';
import { saveBlob } from '@/lib/save-blob';

const TONE = { create: 'success', change: 'info', refuse: 'danger' } as const;

function ObservationPreviewTable({ preview }: { preview: ObservationPreview }) {
  const { t } = useTranslation('rooms');
  const formatDate = useFormatDate();
  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-wrap gap-2 text-sm" aria-label={t('transfer.obs.summary')}>
        <li><Badge tone="success">{t('transfer.obs.create', { count: preview.create })}</Badge></li>
        <li><Badge tone="info">{t('transfer.obs.change', { count: preview.change })}</Badge></li>
        <li><Badge tone="neutral">{t('transfer.unchanged', { count: preview.unchanged })}</Badge></li>
        <li><Badge tone="danger">{t('transfer.refused', { count: preview.refused })}</Badge></li>
      </ul>
      {preview.lines.length === 0 ? (
        <p className="text-sm text-stone-700">{t('transfer.obs.nothingToDo')}</p>
      ) : (
        <ScrollRegion label={t('transfer.obs.lines')} className="max-h-[28rem] overflow-y-auto">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <thead className="sticky top-0 bg-stone-50 text-xs uppercase text-stone-600">
              <tr>
                <th className="px-3 py-2">{t('transfer.col.line')}</th>
                <th className="px-3 py-2">{t('transfer.col.action')}</th>
                <th className="px-3 py-2">{t('transfer.obs.col.observation')}</th>
                <th className="px-3 py-2">{t('transfer.col.detail')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {preview.lines.map((l) => (
                <tr key={`${l.line}-${l.action}`}>
                  <td className="px-3 py-2 tabular-nums">{l.line}</td>
                  <td className="px-3 py-2"><Badge tone={TONE[l.action]}>{t(`transfer.action.${l.action}`)}</Badge></td>
                  <td className="px-3 py-2 break-words">
                    <span className="font-medium text-stone-900">{l.problem || '—'}</span>
                    <span className="block text-stone-600">
                      {[l.room, l.grid].filter(Boolean).join(' › ')}{l.column !== null && l.row !== null ? ` (${l.column}, ${l.row})` : ''}
                      {/* A refused line's time is shown as the file wrote it (it may be what is wrong with it). */}
                      {l.observed_at ? ` · ${l.action === 'refuse' ? l.observed_at : formatDate(l.observed_at)}` : ''}
                    </span>
                  </td>
                  <td className="px-3 py-2 break-words text-stone-700">{l.detail}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      {preview.truncated && <p className="text-xs text-stone-600">{t('transfer.truncated')}</p>}
    </div>
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

function ObservationImportsList({ companyId, onUndo }: { companyId: number; onUndo: (x: ObservationImport) => void }) {
  const { t } = useTranslation('rooms');
  const formatDate = useFormatDate();
  const imports = useQuery(observationImportsQuery(companyId));
  if (imports.isPending) return <LoadingState />;
  if (imports.isError) return <ErrorState error={imports.error} onRetry={() => void imports.refetch()} />;
  if (!imports.data.length) return <EmptyState title={t('transfer.noImports')} description={t('transfer.noImportsBody')} />;
  return (
    <ul className="divide-y divide-stone-100" aria-label={t('transfer.obs.recent')}>
      {imports.data.map((x) => (
        <li key={x.import_id} className="flex flex-wrap items-center justify-between gap-2 py-3">
          <div className="min-w-0 text-sm">
            <p className="break-words font-medium text-stone-900">{x.file_name}</p>
            <p className="text-stone-600">{formatDate(x.created_at)} · {t('transfer.obs.importCounts', { created: x.created, changed: x.changed })}</p>
          </div>
          {x.undone_at ? (
            <Badge tone="neutral">{t('transfer.undone')}</Badge>
          ) : (
            <Button variant="secondary" onClick={() => onUndo(x)} aria-label={t('transfer.obs.undoLabel', { name: x.file_name })}>{t('transfer.undo')}</Button>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The observations' import (Admins): the preview first, line by line, then apply; the recent imports with their undo. */
export function ObservationsImport({ companyId }: { companyId: number }) {
  const { t } = useTranslation('rooms');
  const toast = useToast();
  const preview = usePreviewObservations(companyId);
  const apply = useApplyObservations(companyId);
  const undo = useUndoObservations(companyId);
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
      <Card>
        <h2 className="text-base font-semibold text-stone-900">{t('transfer.obs.importTitle')}</h2>
        <p className="mt-1 text-sm text-stone-700">{t('transfer.obs.importBody')}</p>
        {resumed && (
          <div className="mt-3 flex flex-col gap-2">
            <Alert tone="info">{t('transfer.stillRunning', { name: resumed.file_name })}</Alert>
            <ImportProgress job={resumed} />
          </div>
        )}
        <label className="mt-3 block text-sm font-medium text-stone-800" htmlFor="observations-file">{t('transfer.obs.file')}</label>
        <input
          id="observations-file"
          type="file"
          accept=".csv,.geojson,.json,text/csv,application/geo+json,application/json"
          className="mt-1 block w-full text-sm file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-brand-50 file:px-4 file:font-semibold file:text-brand-800"
          onChange={(e) => choose(e.target.files?.[0] ?? null)}
        />
        <div className="mt-4">
          {!file ? (
            <p className="text-sm text-stone-600">{t('transfer.chooseFirst')}</p>
          ) : preview.isPending ? (
            <ImportProgress job={preview.progress} />
          ) : preview.isError ? (
            <Alert tone="danger">{errorMessage(preview.error)}</Alert>
          ) : apply.isSuccess ? (
            <Alert tone="success">{t('transfer.obs.applied', { created: apply.data.import?.created ?? 0, changed: apply.data.import?.changed ?? 0 })}</Alert>
          ) : preview.data ? (
            <div className="flex flex-col gap-3">
              <Alert tone="info">{t('transfer.previewNote')}</Alert>
              <ObservationPreviewTable preview={preview.data.preview} />
              {apply.isPending && <ImportProgress job={apply.progress} />}
              {apply.isError && <Alert tone="danger">{errorMessage(apply.error)}</Alert>}
              <div className="flex flex-wrap gap-2">
                <Button onClick={() => apply.mutate(file)} loading={apply.isPending}>{t('transfer.obs.apply')}</Button>
                <Button variant="ghost" onClick={() => choose(null)}>{t('transfer.cancel')}</Button>
              </div>
            </div>
          ) : null}
        </div>
      </Card>
      <Card>
        <h2 className="text-base font-semibold text-stone-900">{t('transfer.obs.recent')}</h2>
        <ObservationImportsList companyId={companyId} onUndo={setToUndo} />
      </Card>
      <ConfirmDialog
        open={toUndo !== null}
        destructive
        title={t('transfer.undoTitle', { name: toUndo?.file_name ?? '' })}
        description={t('transfer.obs.undoBody', { created: toUndo?.created ?? 0, changed: toUndo?.changed ?? 0 })}
        confirmLabel={t('transfer.undoConfirm')}
        loading={undo.isPending}
        onCancel={() => setToUndo(null)}
        onConfirm={() =>
          toUndo && undo.mutate(toUndo.import_id, {
            onSuccess: () => {
              toast.success(t('transfer.undoneToast'));
              setToUndo(null);
              apply.reset();
            },
            onError: (err) => {
              toast.danger(errorMessage(err));
              setToUndo(null);
            },
          })
        }
      />
    </>
  );
}
