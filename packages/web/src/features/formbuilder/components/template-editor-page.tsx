import { useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import { useBlocker, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FIELD_TYPES, TEMPLATE_TYPES, type FieldType, type FormTemplate, type TemplateType } from '@verdant/contract';
import {
  Alert,
  Badge,
  Button,
  ButtonLink,
  Card,
  ConfirmDialog,
  EmptyState,
  ErrorState,
  Input,
  LoadingState,
  PageHeader,
  Select,
  Textarea,
  useToast,
} from '../../../components/ui';
import { FormRenderer } from '../../../components/form-renderer';
import { errorMessage } from '../../../api/api-error';
import { useFormTemplate } from '../../../api/queries/form-templates';
import { cn } from '../../../lib/cn';
import { useAuth } from '../../../state/hooks';
import { useSaveTemplate, useSetDefaultTemplate } from '../api/use-template-mutations';
import { FieldCard } from './field-card';
import { checkDraft, emptyDraft, fromTemplate, moveField, newField, toPreviewTemplate, type Draft, type DraftErrors, type DraftField } from '../lib/draft';
import { paths } from '../../../lib/paths';

/** formbuilder/{templateID}[/{templateName}] and formbuilder/new. */
export default function TemplateEditorPage() {
  const { templateID } = useParams();
  const { t } = useTranslation('formbuilder');
  const { companyID, userRole } = useAuth();
  const companyId = companyID ?? 0;
  const id = templateID && templateID !== 'new' ? Number(templateID) : null;
  const isAdmin = userRole === 'Admin' || userRole === 'SuperAdmin';
  const query = useFormTemplate(companyId, id ?? 0);

  if (!isAdmin) {
    return (
      <div>
        <PageHeader title={t('editor.titleEdit')} />
        <Alert tone="info" title={t('editor.adminsOnlyTitle')}>
          {t('editor.adminsOnlyBody')}
        </Alert>
        <ButtonLink className="mt-4" variant="secondary" to={paths.formbuilder}>
          {t('editor.backToList')}
        </ButtonLink>
      </div>
    );
  }
  if (id === null) return <Editor key="new" template={null} companyId={companyId} />;
  if (!Number.isInteger(id) || id <= 0) return <EmptyState title={t('editor.notFoundTitle')} description={t('editor.notFoundBody')} />;
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data.template) {
    return (
      <EmptyState
        title={t('editor.notFoundTitle')}
        description={t('editor.notFoundBody')}
        action={<ButtonLink to={paths.formbuilder}>{t('editor.backToList')}</ButtonLink>}
      />
    );
  }
  return <Editor key={query.data.template.TemplateID} template={query.data.template} companyId={companyId} />;
}

function Editor({ template, companyId }: { template: FormTemplate | null; companyId: number }) {
  const { t } = useTranslation('formbuilder');
  const toast = useToast();
  const navigate = useNavigate();
  const save = useSaveTemplate(companyId);
  const setDefault = useSetDefaultTemplate(companyId);
  const [saved, setSaved] = useState<Draft | null>(() => (template ? fromTemplate(template) : null));
  const [draft, setDraft] = useState<Draft>(() => (template ? fromTemplate(template) : emptyDraft()));
  const [defaultFor, setDefaultFor] = useState<TemplateType | null>(template?.DefaultForType ?? null);
  const [open, setOpen] = useState<Set<string>>(() => new Set());
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const [addType, setAddType] = useState<FieldType>('text');
  const [errors, setErrors] = useState<DraftErrors | null>(null);
  const [defaultType, setDefaultType] = useState<TemplateType | ''>('');
  const [view, setView] = useState<'edit' | 'preview'>('edit');
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [dragOver, setDragOver] = useState<number | null>(null);
  const [previewNote, setPreviewNote] = useState(false);
  const leaving = useRef(false);

  const dirty = useMemo(() => JSON.stringify(draft) !== JSON.stringify(saved ?? emptyDraft()), [draft, saved]);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && !leaving.current && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const preview = useMemo(() => toPreviewTemplate(draft), [draft]);
  const previewKey = useMemo(() => preview.fields.map((f) => `${f.FieldID}:${f.FieldType}`).join('|'), [preview]);

  const patch = (next: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...next }));
  };
  const patchField = (key: string, next: Partial<DraftField>) =>
    setDraft((d) => ({
      ...d,
      fields: d.fields.map((f) => {
        if (f.key === key) return { ...f, ...next };
        // A field that waited for a retired or removed field now always shows.
        if (next.active === false && f.rule?.linkedKey === key) return { ...f, rule: null };
        return f;
      }),
    }));
  const move = (from: number, to: number) => setDraft((d) => ({ ...d, fields: moveField(d.fields, from, to) }));
  const remove = (key: string) =>
    setDraft((d) => ({ ...d, fields: d.fields.filter((f) => f.key !== key).map((f) => (f.rule?.linkedKey === key ? { ...f, rule: null } : f)) }));
  const add = () => {
    const field = newField(addType);
    setDraft((d) => ({ ...d, fields: [...d.fields, field] }));
    setOpen((o) => new Set(o).add(field.key));
    setFocusKey(field.key);
  };
  const toggle = (key: string) =>
    setOpen((o) => {
      const next = new Set(o);
      if (!next.delete(key)) next.add(key);
      return next;
    });

  const dragHandlers = (index: number) => ({
    onDragStart: (e: DragEvent) => {
      e.dataTransfer.effectAllowed = 'move';
      e.dataTransfer.setData('text/plain', String(index));
      setDragFrom(index);
    },
    onDragOver: (e: DragEvent) => {
      if (dragFrom === null) return;
      e.preventDefault();
      setDragOver(index);
    },
    onDrop: (e: DragEvent) => {
      e.preventDefault();
      if (dragFrom !== null) move(dragFrom, index);
      setDragFrom(null);
      setDragOver(null);
    },
    onDragEnd: () => {
      setDragFrom(null);
      setDragOver(null);
    },
    over: dragOver === index && dragFrom !== null && dragFrom !== index,
  });

  const onSave = () => {
    const found = checkDraft(draft);
    setErrors(found);
    if (found) {
      setOpen((o) => new Set([...o, ...Object.keys(found.byField)]));
      toast.danger(t('editor.fixBeforeSave'));
      return;
    }
    save.mutate(
      { draft, saved },
      {
        onSuccess: ({ template: stored, created }) => {
          const next = fromTemplate(stored);
          setSaved(next);
          setDraft(next);
          setOpen(new Set());
          toast.success(created ? t('editor.created', { name: stored.TemplateName }) : t('editor.saved', { name: stored.TemplateName }));
          leaving.current = true;
          void Promise.resolve(navigate(paths.formTemplate(stored), { replace: true })).finally(() => {
            leaving.current = false;
          });
        },
        onError: (err) => toast.danger(errorMessage(err)),
      },
    );
  };

  const onSetDefault = () => {
    if (!template || !defaultType) return;
    setDefault.mutate(
      { templateId: template.TemplateID, type: defaultType },
      {
        onSuccess: () => {
          setDefaultFor(defaultType);
          toast.success(t('editor.default.done', { type: t(`templateTypes.${defaultType}`) }));
        },
        onError: (err) => toast.danger(errorMessage(err)),
      },
    );
  };

  const title = template ? t('editor.titleEdit') : t('editor.titleNew');
  return (
    <div>
      <PageHeader
        title={title}
        description={template ? template.TemplateName : t('editor.descriptionNew')}
        actions={
          <>
            {template && (
              <ButtonLink variant="secondary" to={paths.submitForm(template)}>
                {t('editor.fillIn')}
              </ButtonLink>
            )}
            <Button onClick={onSave} loading={save.isPending}>
              {t('editor.save')}
            </Button>
          </>
        }
      />
      {dirty && (
        <p role="status" className="mb-3 text-sm font-medium text-amber-800">
          {t('editor.unsaved')}
        </p>
      )}
      <div role="tablist" aria-label={t('editor.viewLabel')} className="mb-4 grid grid-cols-2 gap-1 rounded-lg bg-stone-200 p-1 lg:hidden">
        {(['edit', 'preview'] as const).map((v) => (
          <button
            key={v}
            type="button"
            role="tab"
            aria-selected={view === v}
            onClick={() => setView(v)}
            className={cn('min-h-11 rounded-md text-sm font-semibold', view === v ? 'bg-white text-stone-900 shadow-xs' : 'text-stone-700')}
          >
            {t(`editor.view.${v}`)}
          </button>
        ))}
      </div>
      <div className="flex flex-col gap-6 lg:flex-row lg:items-start">
        <div className={cn('flex min-w-0 flex-1 flex-col gap-6', view === 'preview' && 'max-lg:hidden')}>
          <Card title={t('editor.detailsTitle')}>
            <div className="grid gap-4 sm:grid-cols-2">
              <Input label={t('editor.name')} required value={draft.name} error={errors?.name && t(errors.name)} onChange={(e) => patch({ name: e.target.value })} />
              <Input label={t('editor.category')} hint={t('editor.categoryHint')} value={draft.category} onChange={(e) => patch({ category: e.target.value })} />
            </div>
          </Card>

          <Card title={t('editor.fieldsTitle')} description={t('editor.fieldsDescription')}>
            {errors?.fields && (
              <Alert tone="danger" className="mb-4">
                {t(errors.fields)}
              </Alert>
            )}
            {draft.fields.length === 0 ? (
              <EmptyState title={t('editor.noFieldsTitle')} description={t('editor.noFieldsBody')} />
            ) : (
              <ol className="flex flex-col gap-3" aria-label={t('editor.fieldsTitle')}>
                {draft.fields.map((f, i) => (
                  <FieldCardRow
                    key={f.key}
                    field={f}
                    index={i}
                    draft={draft}
                    open={open.has(f.key)}
                    errors={errors?.byField[f.key]}
                    autoFocus={focusKey === f.key}
                    onToggle={() => toggle(f.key)}
                    onChange={(p) => patchField(f.key, p)}
                    onMove={(to) => move(i, to)}
                    onRemove={() => remove(f.key)}
                    drag={dragHandlers(i)}
                  />
                ))}
              </ol>
            )}
            <div className="mt-4 flex flex-wrap items-end gap-2 border-t border-stone-200 pt-4">
              <Select
                label={t('editor.addType')}
                className="min-w-48"
                value={addType}
                onChange={(e) => setAddType(e.target.value as FieldType)}
                options={FIELD_TYPES.map((ft) => ({ value: ft, label: t(`types.${ft}`) }))}
              />
              <Button variant="secondary" onClick={add}>
                {t('editor.addField')}
              </Button>
            </div>
          </Card>

          <Card title={t('editor.cssTitle')} description={t('editor.cssDescription')}>
            <Textarea
              label={t('editor.pageCss')}
              hint={t('editor.cssNote')}
              rows={5}
              spellCheck={false}
              className="font-mono text-sm"
              value={draft.pageCss}
              onChange={(e) => patch({ pageCss: e.target.value })}
            />
          </Card>

          {template && (
            <Card title={t('editor.default.title')} description={t('editor.default.description')}>
              {defaultFor && (
                <p className="mb-3 text-sm text-stone-700">
                  <Badge tone="brand">{t('list.defaultFor', { type: t(`templateTypes.${defaultFor}`) })}</Badge>
                </p>
              )}
              <div className="flex flex-wrap items-end gap-2">
                <Select
                  label={t('editor.default.type')}
                  className="min-w-48"
                  value={defaultType}
                  placeholder={t('editor.default.choose')}
                  onChange={(e) => setDefaultType(e.target.value as TemplateType)}
                  options={TEMPLATE_TYPES.map((tt) => ({ value: tt, label: t(`templateTypes.${tt}`) }))}
                />
                <Button variant="secondary" disabled={!defaultType} loading={setDefault.isPending} onClick={onSetDefault}>
                  {t('editor.default.set')}
                </Button>
              </div>
              {dirty && <p className="mt-2 text-sm text-stone-600">{t('editor.default.savedVersion')}</p>}
            </Card>
          )}
        </div>

        <aside
          aria-label={t('editor.previewTitle')}
          className={cn('lg:sticky lg:top-4 lg:w-[392px] lg:shrink-0', view === 'edit' && 'max-lg:hidden')}
        >
          <h2 className="mb-2 text-base font-semibold text-stone-900">{t('editor.previewTitle')}</h2>
          <p className="mb-3 text-sm text-stone-600">{t('editor.previewDescription')}</p>
          <div className="mx-auto w-full max-w-[360px] rounded-[2rem] border-8 border-stone-800 bg-stone-800 shadow-lg">
            <div className="max-h-[70vh] overflow-y-auto rounded-[1.25rem] bg-stone-50 p-4">
              <p className="mb-3 text-lg font-bold text-stone-900">{draft.name.trim() || t('editor.untitledTemplate')}</p>
              <FormRenderer
                key={previewKey}
                template={preview}
                resetOnSubmit={false}
                submitLabel={t('editor.previewSubmit')}
                onSubmit={() => setPreviewNote(true)}
              />
              {previewNote && (
                <p role="status" className="mt-3 text-sm text-brand-800">
                  {t('editor.previewOk')}
                </p>
              )}
            </div>
          </div>
        </aside>
      </div>

      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title={t('editor.leaveTitle')}
        description={t('editor.leaveBody')}
        confirmLabel={t('editor.leaveConfirm')}
        cancelLabel={t('editor.leaveCancel')}
        destructive
        onConfirm={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
      />
    </div>
  );
}

function FieldCardRow(props: {
  field: DraftField;
  index: number;
  draft: Draft;
  open: boolean;
  errors?: DraftErrors['byField'][string];
  autoFocus: boolean;
  onToggle: () => void;
  onChange: (p: Partial<DraftField>) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
  drag: ReturnType<() => Parameters<typeof FieldCard>[0]['drag']>;
}) {
  const { draft, ...rest } = props;
  return <FieldCard {...rest} count={draft.fields.length} fields={draft.fields} />;
}
