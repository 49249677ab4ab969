import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Tray, TrayTemplate } from '@verdant/contract';
import { Alert, Button, Card, ConfirmDialog, Dialog, EmptyState, ErrorState, Input, LoadingState, Select, Textarea, useToast } from '../../../components/ui';
import { errorMessage } from '../../../api/api-error';
import { trayTemplatesQuery, traysQuery } from '../../../api/queries/trays';
import { batchesQuery } from '../../../api/queries/batches';
import { growingBatches } from '../lib/group';
import { useCreateTemplate, useDeleteTemplate, useDeleteTray, useSaveTray, useUseTemplate } from '../api/use-inventory';

/** The batch picker reads the batch list when a dialog opens; the page itself reads the server's reports. */
function BatchSelect({ companyId, value, onChange, label }: { companyId: number; value: string; onChange: (v: string) => void; label: string }) {
  const { t } = useTranslation('inventory');
  const batches = useQuery({ ...batchesQuery(companyId), select: growingBatches });
  return (
    <Select label={label} value={value} onChange={(e) => onChange(e.target.value)}>
      <option value="">{t('trays.noBatch')}</option>
      {(batches.data ?? []).map((b) => (
        <option key={b.BatchID} value={String(b.BatchID)}>
          {b.StrainName ? `${b.BatchNumber} · ${b.StrainName}` : b.BatchNumber}
        </option>
      ))}
    </Select>
  );
}

function TrayDialog({ tray, companyId, userId, onClose }: { tray: Tray | null; companyId: number; userId: number; onClose: () => void }) {
  const { t } = useTranslation('inventory');
  const toast = useToast();
  const save = useSaveTray(companyId, userId);
  const [name, setName] = useState(tray?.tray_name ?? '');
  const [plants, setPlants] = useState(String(tray?.number_of_plants ?? ''));
  const [batchId, setBatchId] = useState(tray?.batch_id ? String(tray.batch_id) : '');
  const [errors, setErrors] = useState<{ name?: string; plants?: string }>({});
  const [error, setError] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const n = Number(plants);
    const found = { name: name.trim() ? undefined : t('trays.nameRequired'), plants: Number.isInteger(n) && n > 0 ? undefined : t('trays.plantsPositive') };
    setErrors(found);
    if (found.name || found.plants) return;
    save.mutate(
      { trayId: tray?.tray_id, trayName: name, numberOfPlants: n, batchId: batchId ? Number(batchId) : null },
      {
        onSuccess: (saved) => {
          toast.success(tray ? t('trays.updated', { name: saved.tray_name }) : t('trays.created', { name: saved.tray_name }));
          onClose();
        },
        onError: (err) => setError(errorMessage(err)),
      },
    );
  };

  return (
    <Dialog open onClose={onClose} title={tray ? t('trays.editTitle', { name: tray.tray_name }) : t('trays.newTitle')}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        <Input label={t('trays.name')} required value={name} onChange={(e) => setName(e.target.value)} error={errors.name} maxLength={200} autoFocus />
        <Input label={t('trays.plants')} required type="number" inputMode="numeric" min={1} step={1} value={plants} onChange={(e) => setPlants(e.target.value)} error={errors.plants} />
        <BatchSelect companyId={companyId} value={batchId} onChange={setBatchId} label={t('trays.batch')} />
        {error && <Alert tone="danger">{error}</Alert>}
        <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {tray ? t('save') : t('trays.create')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

export function TraysCard({ companyId, userId }: { companyId: number; userId: number }) {
  const { t } = useTranslation('inventory');
  const toast = useToast();
  const trays = useQuery(traysQuery(companyId));
  const remove = useDeleteTray(companyId);
  const [editing, setEditing] = useState<Tray | 'new' | null>(null);
  const [toDelete, setToDelete] = useState<Tray | null>(null);

  return (
    <Card title={t('trays.title')} description={t('trays.description')} actions={<Button onClick={() => setEditing('new')}>{t('trays.new')}</Button>}>
      {trays.isPending ? (
        <LoadingState />
      ) : trays.isError ? (
        <ErrorState error={trays.error} onRetry={() => void trays.refetch()} />
      ) : trays.data.length === 0 ? (
        <EmptyState title={t('trays.emptyTitle')} description={t('trays.emptyDescription')} />
      ) : (
        <ul className="divide-y divide-stone-100">
          {trays.data.map((tray) => (
            <li key={tray.tray_id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <div className="min-w-0 text-sm">
                <p className="font-medium text-stone-900">{tray.tray_name}</p>
                <p className="text-stone-600">
                  {[t('plantsN', { count: tray.number_of_plants }), tray.batch_number ? t('trays.inBatch', { batch: tray.batch_number }) : t('trays.noBatch'), tray.template_name]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
              </div>
              <div className="flex gap-1">
                <Button variant="secondary" onClick={() => setEditing(tray)} aria-label={t('trays.editLabel', { name: tray.tray_name })}>
                  {t('edit')}
                </Button>
                <Button variant="ghost" className="text-red-800 hover:bg-red-50" onClick={() => setToDelete(tray)} aria-label={t('trays.deleteLabel', { name: tray.tray_name })}>
                  {t('delete')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {editing && <TrayDialog tray={editing === 'new' ? null : editing} companyId={companyId} userId={userId} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={Boolean(toDelete)}
        destructive
        title={t('trays.deleteTitle', { name: toDelete?.tray_name ?? '' })}
        description={t('trays.deleteDescription')}
        confirmLabel={t('delete')}
        loading={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() =>
          toDelete &&
          remove.mutate(toDelete.tray_id, {
            onSuccess: () => toast.success(t('trays.deleted', { name: toDelete.tray_name })),
            onError: (err) => toast.danger(errorMessage(err)),
            onSettled: () => setToDelete(null),
          })
        }
      />
    </Card>
  );
}

function TemplateDialog({ companyId, userId, onClose }: { companyId: number; userId: number; onClose: () => void }) {
  const { t } = useTranslation('inventory');
  const toast = useToast();
  const create = useCreateTemplate(companyId, userId);
  const [name, setName] = useState('');
  const [plants, setPlants] = useState('');
  const [description, setDescription] = useState('');
  const [batchId, setBatchId] = useState('');
  const [errors, setErrors] = useState<{ name?: string; plants?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const n = Number(plants);
    const found = { name: name.trim() ? undefined : t('templates.nameRequired'), plants: Number.isInteger(n) && n > 0 ? undefined : t('trays.plantsPositive') };
    setErrors(found);
    if (found.name || found.plants) return;
    create.mutate(
      { templateName: name, numberOfPlants: n, description, defaultBatchId: batchId ? Number(batchId) : null },
      {
        onSuccess: (tpl) => {
          toast.success(t('templates.created', { name: tpl.template_name }));
          onClose();
        },
        onError: (err) => setError(errorMessage(err)),
      },
    );
  };
  return (
    <Dialog open onClose={onClose} title={t('templates.newTitle')}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        <Input label={t('templates.name')} required value={name} onChange={(e) => setName(e.target.value)} error={errors.name} autoFocus />
        <Input label={t('trays.plants')} required type="number" inputMode="numeric" min={1} step={1} value={plants} onChange={(e) => setPlants(e.target.value)} error={errors.plants} />
        <Textarea label={t('templates.descriptionField')} value={description} onChange={(e) => setDescription(e.target.value)} rows={2} />
        <BatchSelect companyId={companyId} value={batchId} onChange={setBatchId} label={t('templates.defaultBatch')} />
        {error && <Alert tone="danger">{error}</Alert>}
        <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('templates.create')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function UseTemplateDialog({ template, companyId, userId, onClose }: { template: TrayTemplate; companyId: number; userId: number; onClose: () => void }) {
  const { t } = useTranslation('inventory');
  const toast = useToast();
  const use = useUseTemplate(companyId, userId);
  const [name, setName] = useState('');
  const [batchId, setBatchId] = useState(template.default_batch_id ? String(template.default_batch_id) : '');
  const [nameError, setNameError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) {
      setNameError(t('trays.nameRequired'));
      return;
    }
    use.mutate(
      { templateId: template.template_id, trayName: name, batchId: batchId ? Number(batchId) : null },
      {
        onSuccess: (tray) => {
          toast.success(t('trays.created', { name: tray.tray_name }));
          onClose();
        },
        onError: (err) => setError(errorMessage(err)),
      },
    );
  };
  return (
    <Dialog open onClose={onClose} title={t('templates.useTitle', { name: template.template_name })} description={t('templates.useDescription', { count: template.number_of_plants })}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        <Input label={t('trays.name')} required value={name} onChange={(e) => setName(e.target.value)} error={nameError} autoFocus />
        <BatchSelect companyId={companyId} value={batchId} onChange={setBatchId} label={t('trays.batch')} />
        {error && <Alert tone="danger">{error}</Alert>}
        <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={use.isPending}>
            {t('trays.create')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

export function TemplatesCard({ companyId, userId, canDelete }: { companyId: number; userId: number; canDelete: boolean }) {
  const { t } = useTranslation('inventory');
  const toast = useToast();
  const templates = useQuery(trayTemplatesQuery(companyId));
  const remove = useDeleteTemplate(companyId);
  const [creating, setCreating] = useState(false);
  const [using, setUsing] = useState<TrayTemplate | null>(null);
  const [toDelete, setToDelete] = useState<TrayTemplate | null>(null);
  return (
    <Card title={t('templates.title')} description={t('templates.description')} actions={<Button variant="secondary" onClick={() => setCreating(true)}>{t('templates.new')}</Button>}>
      {templates.isPending ? (
        <LoadingState />
      ) : templates.isError ? (
        <ErrorState error={templates.error} onRetry={() => void templates.refetch()} />
      ) : templates.data.length === 0 ? (
        <EmptyState title={t('templates.emptyTitle')} description={t('templates.emptyDescription')} />
      ) : (
        <ul className="divide-y divide-stone-100">
          {templates.data.map((tpl) => (
            <li key={tpl.template_id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <div className="min-w-0 text-sm">
                <p className="font-medium text-stone-900">{tpl.template_name}</p>
                <p className="text-stone-600">
                  {[t('plantsN', { count: tpl.number_of_plants }), tpl.default_batch_number && t('trays.inBatch', { batch: tpl.default_batch_number }), tpl.description].filter(Boolean).join(' · ')}
                </p>
              </div>
              <div className="flex gap-1">
                <Button variant="secondary" onClick={() => setUsing(tpl)}>
                  {t('templates.use')}
                </Button>
                {canDelete && (
                  <Button variant="ghost" className="text-red-800 hover:bg-red-50" onClick={() => setToDelete(tpl)} aria-label={t('templates.deleteLabel', { name: tpl.template_name })}>
                    {t('delete')}
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {creating && <TemplateDialog companyId={companyId} userId={userId} onClose={() => setCreating(false)} />}
      {using && <UseTemplateDialog template={using} companyId={companyId} userId={userId} onClose={() => setUsing(null)} />}
      <ConfirmDialog
        open={Boolean(toDelete)}
        destructive
        title={t('templates.deleteTitle', { name: toDelete?.template_name ?? '' })}
        description={t('templates.deleteDescription')}
        confirmLabel={t('delete')}
        loading={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() =>
          toDelete &&
          remove.mutate(toDelete.template_id, {
            onSuccess: () => toast.success(t('templates.deleted', { name: toDelete.template_name })),
            onError: (err) => toast.danger(errorMessage(err)),
            onSettled: () => setToDelete(null),
          })
        }
      />
    </Card>
  );
}
