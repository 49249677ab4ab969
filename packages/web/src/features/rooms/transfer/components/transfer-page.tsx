import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FacilityImport, FacilityPreview } from '@verdant/contract';
import { errorMessage } from '../../../../api/api-error';
import { Alert, Button, ButtonLink, Card, PageHeader, useToast } from '../../../../components/ui';
import { paths } from '../../../../lib/paths';
import { useAuth } from '../../../../state/hooks';
import { facilityImportsQuery, useApplyImport, useExportFacility, usePreviewImport, useUndoImport } from '../api/use-facility-transfer';
import { useRunningImportJob } from '../api/use-import-job';
import { ObservationsExport, ObservationsImport } from './observations-transfer';
import { ImportCard, UndoImportDialog } from './import-card';
import { placeOf, PreviewLines, RecentImports } from './preview-lines';
import { saveBlob } from '@/lib/save-blob';

function PreviewTable({ preview }: { preview: FacilityPreview }) {
  const { t } = useTranslation('rooms');
  return (
    <PreviewLines<FacilityPreview['lines'][number]>
      counts={[
        { tone: 'success', text: t('transfer.createRooms', { count: preview.create.rooms.length }) },
        { tone: 'success', text: t('transfer.createGrids', { count: preview.create.grids.length }) },
        { tone: 'info', text: t('transfer.changeBoxes', { count: preview.change }) },
        { tone: 'neutral', text: t('transfer.unchanged', { count: preview.unchanged }) },
        { tone: 'danger', text: t('transfer.refused', { count: preview.refused }) },
      ]}
      countsLabel={t('transfer.summary')}
      lines={preview.lines}
      linesLabel={t('transfer.lines')}
      whatHeader={t('transfer.col.place')}
      what={placeOf}
      nothingToDo={t('transfer.nothingToDo')}
      truncated={preview.truncated}
      minWidth="min-w-[36rem]"
    />
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
  const imports = useQuery({ ...facilityImportsQuery(companyId), enabled: isAdmin });
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
          <ImportCard
            title={t('transfer.importTitle')}
            body={t('transfer.importBody')}
            fileId="facility-file"
            fileLabel={t('transfer.file')}
            applyLabel={t('transfer.apply')}
            resumed={resumed}
            preview={preview}
            apply={apply}
            file={file}
            onChoose={choose}
            renderPreview={(p) => <PreviewTable preview={p.preview} />}
            appliedText={(a) => t('transfer.applied', { rooms: a.import?.rooms_created ?? 0, grids: a.import?.grids_created ?? 0, count: a.import?.boxes_written ?? 0 })}
          />
        ) : (
          <Alert tone="info">{t('transfer.adminsOnly')}</Alert>
        )}

        {isAdmin && (
          <Card>
            <h2 className="text-base font-semibold text-stone-900">{t('transfer.recent')}</h2>
            <RecentImports<FacilityImport>
              imports={imports}
              label={t('transfer.recent')}
              counts={(x) => t('transfer.importCounts', { rooms: x.rooms_created, grids: x.grids_created, boxes: x.boxes_written })}
              undoLabel={(x) => t('transfer.undoLabel', { name: x.file_name })}
              onUndo={setToUndo}
            />
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

      <UndoImportDialog
        toUndo={toUndo}
        description={t('transfer.undoBody', { rooms: toUndo?.rooms_created ?? 0, grids: toUndo?.grids_created ?? 0, boxes: toUndo?.boxes_written ?? 0 })}
        undo={undo}
        onClose={() => setToUndo(null)}
        onUndone={() => apply.reset()}
      />
    </>
  );
}
