import { useCallback, useEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { deviceToday, mondayOf } from '@verdant/contract';
import { Alert, Button, ButtonLink, Card, EmptyState, ErrorState, Input, LoadingState, PageHeader, Select } from '../../../components/ui';
import { roomsQuery } from '../../../api/queries/rooms';
import { traysQuery } from '../../../api/queries/trays';
import { roomSamplePlantsQuery } from '../../../api/queries/crop-registration';
import { useAuth } from '../../../state/hooks';
import { paths } from '../../../lib/paths';
import { cn } from '../../../lib/cn';
import { emptySelection, initialSelection, labelItems, LABELS_MAX, type LabelSelection } from '../lib/label-items';
import { LABEL_SIZES, labelsPerPage, paginate, PAPERS, sheetLayout, type LabelSize, type Paper } from '../lib/sheet-layouts';
import { LabelPage } from './label-sheet';
import { PlacePicker } from './place-picker';
import { SamplePlantPicker } from './sample-plant-picker';
import { useQrCodes } from './use-qr-codes';

/** Printed, only the sheets exist: the app is hidden and each sheet is one page at the paper's size, no margins. */
const printCss = (paper: Paper) => `
@media screen { .label-print { display: none; } }
@media print {
  @page { size: ${paper === 'a4' ? 'A4' : 'letter'} portrait; margin: 0; }
  html, body { margin: 0 !important; padding: 0 !important; background: #fff !important; }
  body > *:not(.label-print) { display: none !important; }
  .label-print .label-page { break-after: page; page-break-after: always; }
  .label-print .label-page:last-child { break-after: auto; page-break-after: auto; }
  .label-print * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
}`;

const positiveId = (raw: string | null) => {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

type Kind = keyof LabelSelection;

export default function LabelsPage() {
  const { t } = useTranslation('labels');
  const { companyID } = useAuth();
  const companyId = companyID ?? 0;
  const [params] = useSearchParams();
  const from = useMemo(() => ({ roomId: positiveId(params.get('room')), gridId: positiveId(params.get('grid')) }), [params]);
  const rooms = useQuery({ ...roomsQuery(companyId), enabled: companyId > 0 });
  const trays = useQuery({ ...traysQuery(companyId), enabled: companyId > 0, retry: false });
  const [selection, setSelection] = useState<LabelSelection | null>(null);
  const [paper, setPaper] = useState<Paper>(() => (navigator.language === 'en-US' || navigator.language === 'en-CA' ? 'letter' : 'a4'));
  const [size, setSize] = useState<LabelSize>('medium');
  const [skip, setSkip] = useState(0);
  // Sample plants are chosen per room (crop registration, issue 24): the room the page came from, else one picked.
  const [sampleRoom, setSampleRoom] = useState<number | null>(from.roomId ?? null);
  const samples = useQuery({
    ...roomSamplePlantsQuery(companyId, sampleRoom ?? 0, mondayOf(deviceToday())),
    enabled: companyId > 0 && sampleRoom !== null,
    retry: false,
  });

  // The page opens with the room's or grid's places ticked, once the rooms are known.
  useEffect(() => {
    if (!selection && rooms.data) setSelection(initialSelection(rooms.data.rooms, from));
  }, [rooms.data, selection, from]);

  const sel = selection ?? emptySelection();
  const toggle = useCallback((kind: Kind, ids: readonly number[], on: boolean) => {
    setSelection((prev) => {
      const base = prev ?? emptySelection();
      const next = new Set(base[kind]);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return { ...base, [kind]: next };
    });
  }, []);

  const layout = sheetLayout(paper, size);
  const perPage = labelsPerPage(layout);
  const allItems = useMemo(() => labelItems(rooms.data?.rooms ?? [], trays.data ?? [], sel, samples.data ?? []), [rooms.data, trays.data, sel, samples.data]);
  const items = useMemo(() => allItems.slice(0, LABELS_MAX), [allItems]);
  const pages = useMemo(() => paginate(items, layout, skip), [items, layout, skip]);
  const { codes, error: qrError } = useQrCodes(items);
  const ready = items.length > 0 && items.every((i) => codes.has(`${i.kind}:${i.id}`));

  if (rooms.isPending) return <LoadingState />;
  if (rooms.isError) return <ErrorState error={rooms.error} onRetry={() => void rooms.refetch()} />;

  return (
    <div>
      <style>{printCss(paper)}</style>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <>
            <ButtonLink variant="ghost" to={from.roomId ? paths.room(from.roomId) : paths.rooms}>
              {from.roomId ? t('backToRoom') : t('backToRooms')}
            </ButtonLink>
            <Button onClick={() => window.print()} disabled={!ready}>
              {t('print', { count: items.length })}
            </Button>
          </>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,26rem)_minmax(0,1fr)]">
        <div className="flex flex-col gap-6">
          <Card title={t('sheet.title')} description={t('sheet.description')}>
            <div className="flex flex-col gap-4">
              <Select
                label={t('sheet.paper')}
                value={paper}
                onChange={(e) => setPaper(e.target.value as Paper)}
                options={PAPERS.map((p) => ({ value: p, label: t(`papers.${p}`) }))}
              />
              <fieldset>
                <legend className="mb-2 text-sm font-medium text-stone-800">{t('sheet.size')}</legend>
                <div className="grid gap-2">
                  {LABEL_SIZES.map((s) => {
                    const l = sheetLayout(paper, s);
                    return (
                      <label
                        key={s}
                        className={cn(
                          'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm ring-1 ring-inset',
                          s === size ? 'bg-brand-50 ring-brand-600' : 'ring-stone-300',
                        )}
                      >
                        <input type="radio" name="label-size" className="size-5 accent-brand-700" checked={s === size} onChange={() => setSize(s)} />
                        <span>
                          <span className="font-medium text-stone-900">{t(`sizes.${s}`)}</span>{' '}
                          <span className="text-stone-700">
                            {t('sheet.sizeDetail', { width: l.labelWidth, height: l.labelHeight, count: labelsPerPage(l), product: l.product })}
                          </span>
                        </span>
                      </label>
                    );
                  })}
                </div>
              </fieldset>
              <Input
                label={t('sheet.skip')}
                hint={t('sheet.skipHint', { max: perPage - 1 })}
                type="number"
                inputMode="numeric"
                min={0}
                max={perPage - 1}
                value={String(skip)}
                onChange={(e) => setSkip(Math.max(0, Math.min(perPage - 1, Math.floor(Number(e.target.value) || 0))))}
              />
            </div>
          </Card>
          <Card title={t('pick.title')} description={t('pick.description')}>
            {rooms.data.rooms.length === 0 ? (
              <EmptyState title={t('pick.noRoomsTitle')} description={t('pick.noRoomsBody')} action={<ButtonLink to={paths.rooms}>{t('backToRooms')}</ButtonLink>} />
            ) : (
              <PlacePicker rooms={rooms.data.rooms} selection={sel} onToggle={toggle} />
            )}
          </Card>
          <Card title={t('samples.title')} description={t('samples.description')}>
            <SamplePlantPicker
              rooms={rooms.data.rooms}
              roomId={sampleRoom}
              onRoom={setSampleRoom}
              plants={samples.data}
              pending={samples.isPending}
              error={samples.isError ? samples.error : null}
              onRetry={() => void samples.refetch()}
              chosen={sel.samplePlants}
              onToggle={(ids, on) => toggle('samplePlants', ids, on)}
            />
          </Card>
          <Card title={t('trays.title')}>
            {trays.isPending ? (
              <LoadingState />
            ) : trays.isError ? (
              <ErrorState error={trays.error} onRetry={() => void trays.refetch()} />
            ) : trays.data.length === 0 ? (
              <p className="text-sm text-stone-600">{t('trays.none')}</p>
            ) : (
              <ul className="flex flex-col">
                {trays.data.map((tray) => (
                  <li key={tray.tray_id}>
                    <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm text-stone-800">
                      <input
                        type="checkbox"
                        className="size-5 accent-brand-700"
                        checked={sel.trays.has(tray.tray_id)}
                        onChange={(e) => toggle('trays', [tray.tray_id], e.target.checked)}
                      />
                      <span>
                        {tray.tray_name}
                        {tray.batch_number && <span className="text-stone-600"> · {tray.batch_number}</span>}
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </div>
        <Card title={t('preview.title')} description={items.length > 0 ? t('preview.summary', { count: items.length, pages: pages.length }) : undefined}>
          {allItems.length > LABELS_MAX && (
            <Alert tone="warning" className="mb-4">
              {t('preview.tooMany', { max: LABELS_MAX, count: allItems.length })}
            </Alert>
          )}
          {Boolean(qrError) && (
            <Alert tone="danger" className="mb-4">
              {t('preview.qrFailed')}
            </Alert>
          )}
          {items.length === 0 ? (
            <EmptyState title={t('preview.emptyTitle')} description={t('preview.emptyBody')} />
          ) : (
            <div className="flex flex-col gap-4">
              <p className="text-sm text-stone-700">{t('preview.printHint')}</p>
              {pages.map((labels, i) => (
                <div key={i} className="mx-auto w-full max-w-3xl shadow-md ring-1 ring-stone-300">
                  <LabelPage layout={layout} labels={labels} qr={codes} pageNumber={i + 1} />
                </div>
              ))}
            </div>
          )}
        </Card>
      </div>
      {ready &&
        createPortal(
          <div className="label-print">
            {pages.map((labels, i) => (
              <LabelPage key={i} layout={layout} labels={labels} qr={codes} pageNumber={i + 1} print />
            ))}
          </div>,
          document.body,
        )}
    </div>
  );
}
