import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FacilityImport, FacilityPreview } from '@verdant/contract';
import { errorMessage } from '../../../../api/api-error';
import { Alert, Badge, Button, ButtonLink, Card, ConfirmDialog, EmptyState, ErrorState, LoadingState, PageHeader, ScrollRegion, useToast } from '../../../../components/ui';
import { useFormatDate } from '../../../../lib/format-date';
import { paths } from '../../../../lib/paths';
import { useAuth } from '../../../../state/hooks';
import { facilityImportsQuery, useApplyImport, useExportFacility, usePreviewImport, useUndoImport } from '../api/use-facility-transfer';
import { useRunningImportJob } from '../api/use-import-job';
import { ObservationsExport, ObservationsImport } from './observations-transfer';
import { ImportProgress } from './import-progress';
import { saveBlob } from '@/lib/save-blob';

const TONE = { create: 'success', change: 'info', refuse: 'danger' } as const;

function PreviewTable({ preview }: { preview: FacilityPreview }) {
  const { t } = useTranslation('rooms');
  const c = preview.create;
  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-wrap gap-2 text-sm" aria-label={t('transfer.summary')}>
        <li><Badge tone="success">{t('transfer.createRooms', { count: c.rooms.length })}</Badge></li>
        <li><Badge tone="success">{t('transfer.createGrids', { count: c.grids.length })}</Badge></li>
        <li><Badge tone="info">{t('transfer.changeBoxes', { count: preview.change })}</Badge></li>
        <li><Badge tone="neutral">{t('transfer.unchanged', { count: preview.unchanged })}</Badge></li>
        <li><Badge tone="danger">{t('transfer.refused', { count: preview.refused })}</Badge></li>
      </ul>
      {preview.lines.length === 0 ? (
        <p className="text-sm text-stone-700">{t('transfer.nothingToDo')}</p>
      ) : (
        <ScrollRegion label={t('transfer.lines')} className="max-h-[28rem] overflow-y-auto">
          <table className="w-full min-w-[36rem] text-left text-sm">
            <thead className="sticky top-0 bg-stone-50 text-xs uppercase text-stone-600">
              <tr>
                <th className="px-3 py-2">{t('transfer.col.line')}</th>
                <th className="px-3 py-2">{t('transfer.col.action')}</th>
                <th className="px-3 py-2">{t('transfer.col.place')}</th>
                <th className="px-3 py-2">{t('transfer.col.detail')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {preview.lines.map((l) => (
                <tr key={`${l.line}-${l.action}`}>
                  <td className="px-3 py-2 tabular-nums">{l.line}</td>
                  <td className="px-3 py-2"><Badge tone={TONE[l.action]}>{t(`transfer.action.${l.action}`)}</Badge></td>
                  <td className="px-3 py-2 break-words">{[l.room, l.grid].filter(Boolean).join(' › ')}{l.column !== null && l.row !== null ? ` (${l.column}, ${l.row})` : ''}</td>
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

function ImportsList({ companyId, onUndo }: { companyId: number; onUndo: (x: FacilityImport) => void }) {
  const { t } = useTranslation('rooms');
  const formatDate = useFormatDate();
  const imports = useQuery(facilityImportsQuery(companyId));
  if (imports.isPending) return <LoadingState />;
  if (imports.isError) return <ErrorState error={imports.error} onRetry={() => void imports.refetch()} />;
  if (!imports.data.length) return <EmptyState title={t('transfer.noImports')} description={t('transfer.noImportsBody')} />;
  return (
    <ul className="divide-y divide-stone-100" aria-label={t('transfer.recent')}>
      {imports.data.map((x) => (
        <li key={x.import_id} className="flex flex-wrap items-center justify-between gap-2 py-3">
          <div className="min-w-0 text-sm">
            <p className="break-words font-medium text-stone-900">{x.file_name}</p>
            <p className="text-stone-600">
              {formatDate(x.created_at)} · {t('transfer.importCounts', { rooms: x.rooms_created, grids: x.grids_created, boxes: x.boxes_written })}
            </p>
          </div>
          {x.undone_at ? (
            <Badge tone="neutral">{t('transfer.undone')}</Badge>
          ) : (
            <Button variant="secondary" onClick={() => onUndo(x)} aria-label={t('transfer.undoLabel', { name: x.file_name })}>
              {t('transfer.undo')}
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * rooms/transfer: the facility, and the observations beside it, out as CSV or GeoJSON and back in with a preview first
 * and an undo after (Admins import).
 */
export default function TransferPage() {
  const { t } = useTranslation('rooms');
  const toast = useToast();
  const { companyID, userRole } = useAuth();
  const companyId = companyID ?? 0;
  const isAdmin = userRole === 'Admin' || userRole === 'SuperAdmin';
  const exporting = useExportFacility(companyId);
  const preview = usePreviewImport(companyId);
  const apply = useApplyImport(companyId);
  const undo = useUndoImport(companyId);
  const resumed = useRunningImportJob(companyId, 'facility', isAdmin && !preview.isPending && !apply.isPending);
  const [file, setFile] = useState<File | null>(null);
  const [toUndo, setToUndo] = useState<FacilityImport | null>(null);

  const download = (format: 'csv' | 'geojson') =>
    exporting.mutate(format, {
      onSuccess: (blob) => saveBlob(blob, `verdant-facility.${format}`),
      onError: (err) => toast.danger(errorMessage(err)),
    });
  const choose = (f: File | null) => {
    setFile(f);
    apply.reset();
    preview.reset();
    if (f) preview.mutate(f);
  };

  return (
    <>
      <PageHeader
        title={t('transfer.title')}
        description={t('transfer.description')}
        actions={<ButtonLink to={paths.rooms} variant="ghost">{t('room.allRooms')}</ButtonLink>}
      />
      <div className="flex flex-col gap-4">
        <Card>
          <h2 className="text-base font-semibold text-stone-900">{t('transfer.exportTitle')}</h2>
          <p className="mt-1 text-sm text-stone-700">{t('transfer.exportBody')}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button onClick={() => download('csv')} loading={exporting.isPending && exporting.variables === 'csv'}>{t('transfer.downloadCsv')}</Button>
            <Button variant="secondary" onClick={() => download('geojson')} loading={exporting.isPending && exporting.variables === 'geojson'}>{t('transfer.downloadGeojson')}</Button>
          </div>
        </Card>

        {isAdmin ? (
          <Card>
            <h2 className="text-base font-semibold text-stone-900">{t('transfer.importTitle')}</h2>
            <p className="mt-1 text-sm text-stone-700">{t('transfer.importBody')}</p>
            {resumed && (
              <div className="mt-3 flex flex-col gap-2">
                <Alert tone="info">{t('transfer.stillRunning', { name: resumed.file_name })}</Alert>
                <ImportProgress job={resumed} />
              </div>
            )}
            <label className="mt-3 block text-sm font-medium text-stone-800" htmlFor="facility-file">{t('transfer.file')}</label>
            <input
              id="facility-file"
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
                <Alert tone="success">{t('transfer.applied', { rooms: apply.data.import?.rooms_created ?? 0, grids: apply.data.import?.grids_created ?? 0, count: apply.data.import?.boxes_written ?? 0 })}</Alert>
              ) : preview.data ? (
                <div className="flex flex-col gap-3">
                  <Alert tone="info">{t('transfer.previewNote')}</Alert>
                  <PreviewTable preview={preview.data.preview} />
                  {apply.isPending && <ImportProgress job={apply.progress} />}
                  {apply.isError && <Alert tone="danger">{errorMessage(apply.error)}</Alert>}
                  <div className="flex flex-wrap gap-2">
                    <Button onClick={() => apply.mutate(file)} loading={apply.isPending}>{t('transfer.apply')}</Button>
                    <Button variant="ghost" onClick={() => choose(null)}>{t('transfer.cancel')}</Button>
                  </div>
                </div>
              ) : null}
            </div>
          </Card>
        ) : (
          <Alert tone="info">{t('transfer.adminsOnly')}</Alert>
        )}

        {isAdmin && (
          <Card>
            <h2 className="text-base font-semibold text-stone-900">{t('transfer.recent')}</h2>
            <ImportsList companyId={companyId} onUndo={setToUndo} />
          </Card>
        )}
      </div>

      <section className="mt-8 flex flex-col gap-4" aria-labelledby="observations-transfer">
        <div>
          <h2 id="observations-transfer" className="text-lg font-semibold text-stone-900">{t('transfer.obs.title')}</h2>
          <p className="mt-1 text-sm text-stone-700">{t('transfer.obs.description')}</p>
        </div>
        <ObservationsExport companyId={companyId} />
        {isAdmin ? <ObservationsImport companyId={companyId} /> : <Alert tone="info">{t('transfer.obs.adminsOnly')}</Alert>}
      </section>

      <ConfirmDialog
        open={toUndo !== null}
        destructive
        title={t('transfer.undoTitle', { name: toUndo?.file_name ?? '' })}
        description={t('transfer.undoBody', { rooms: toUndo?.rooms_created ?? 0, grids: toUndo?.grids_created ?? 0, boxes: toUndo?.boxes_written ?? 0 })}
        confirmLabel={t('transfer.undoConfirm')}
        loading={undo.isPending}
        onCancel={() => setToUndo(null)}
        onConfirm={() =>
          toUndo && undo.mutate(toUndo.import_id, {
            onSuccess: () => {
              toast.success(t('transfer.undoneToast'));
              setToUndo(null);
              // The applied import's note would say it can still be undone.
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
