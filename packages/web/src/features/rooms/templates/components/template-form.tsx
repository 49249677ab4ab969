import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  GRID_TEMPLATE_MAX_BOXES,
  GRID_TEMPLATE_MAX_SIDE,
  GRID_TEMPLATE_TYPES,
  SUB_GRIDBOX_MAX_ALLOWED,
  type GridTemplate,
  type GridTemplateType,
} from '@verdant/contract';
import { Alert, Button, Input, Select, Textarea } from '../../../../components/ui';
import { errorMessage } from '../../../../api/api-error';
import { useAuth } from '../../../../state/hooks';
import { useCreateTemplate } from '../api/use-templates';

type Errors = Partial<Record<'name' | 'type' | 'rows' | 'columns', string>>;

const whole = (v: string) => (v.trim() === '' ? null : Number(v));

/** The spec's required-field messages, then the size limits the server enforces. */
export function validateTemplate(
  v: { name: string; type: GridTemplateType | ''; rows: string; columns: string },
  t: (key: string, opts?: Record<string, unknown>) => string,
): Errors {
  const e: Errors = {};
  if (!v.name.trim()) e.name = t('templates.errors.nameRequired');
  if (!v.type) e.type = t('templates.errors.typeRequired');
  const rows = whole(v.rows);
  const columns = whole(v.columns);
  const ok = (n: number | null) => n !== null && Number.isInteger(n) && n >= 1 && n <= GRID_TEMPLATE_MAX_SIDE;
  if (!rows) e.rows = t('templates.errors.rowsRequired');
  else if (!ok(rows)) e.rows = t('templates.errors.sideRange', { max: GRID_TEMPLATE_MAX_SIDE });
  if (!columns) e.columns = t('templates.errors.columnsRequired');
  else if (!ok(columns)) e.columns = t('templates.errors.sideRange', { max: GRID_TEMPLATE_MAX_SIDE });
  if (!e.rows && !e.columns && v.type) {
    const max = v.type === 'SubGrid' ? SUB_GRIDBOX_MAX_ALLOWED : GRID_TEMPLATE_MAX_BOXES;
    if (rows! * columns! > max) e.columns = t(v.type === 'SubGrid' ? 'templates.errors.tooManySubs' : 'templates.errors.tooManyBoxes', { max });
  }
  return e;
}

export function TemplateForm({
  companyId,
  initialType,
  onCreated,
  onCancel,
}: {
  companyId: number;
  initialType: GridTemplateType;
  onCreated: (template: GridTemplate) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('rooms');
  const { userId } = useAuth();
  const create = useCreateTemplate(companyId);
  const [name, setName] = useState('');
  const [type, setType] = useState<GridTemplateType | ''>(initialType);
  const [rows, setRows] = useState('');
  const [columns, setColumns] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = validateTemplate({ name, type, rows, columns }, t);
    setErrors(next);
    if (Object.keys(next).length) return;
    create.mutate(
      {
        templateName: name,
        templateType: type,
        rows: Number(rows),
        columns: Number(columns),
        description: description.trim() || undefined,
        userId,
      },
      { onSuccess: onCreated },
    );
  };

  const count = (Number(rows) || 0) * (Number(columns) || 0);

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <Input label={t('templates.fields.name')} value={name} required maxLength={200} error={errors.name} onChange={(e) => setName(e.target.value)} />
      <Select
        label={t('templates.fields.type')}
        hint={type === 'Grid' ? t('templates.gridHint') : type === 'SubGrid' ? t('templates.subGridHint') : undefined}
        value={type}
        required
        placeholder={t('templates.fields.chooseType')}
        error={errors.type}
        options={GRID_TEMPLATE_TYPES.map((x) => ({ value: x, label: t(`templates.type.${x}`) }))}
        onChange={(e) => setType(e.target.value as GridTemplateType)}
      />
      <div className="grid grid-cols-2 gap-3">
        <Input
          label={t('templates.fields.columns')}
          type="number"
          inputMode="numeric"
          min={1}
          max={GRID_TEMPLATE_MAX_SIDE}
          value={columns}
          required
          error={errors.columns}
          onChange={(e) => setColumns(e.target.value)}
        />
        <Input
          label={t('templates.fields.rows')}
          type="number"
          inputMode="numeric"
          min={1}
          max={GRID_TEMPLATE_MAX_SIDE}
          value={rows}
          required
          error={errors.rows}
          onChange={(e) => setRows(e.target.value)}
        />
      </div>
      {count > 0 && type && (
        <p className="text-sm text-stone-600">{t(type === 'Grid' ? 'templates.boxes' : 'templates.positions', { count })}</p>
      )}
      <Textarea
        label={t('templates.fields.description')}
        hint={t('templates.fields.descriptionHint')}
        rows={2}
        maxLength={2000}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
      />
      {create.isError && (
        <Alert tone="danger" title={t('templates.createFailed')}>
          {errorMessage(create.error)}
        </Alert>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          {t('app:ui.cancel')}
        </Button>
        <Button type="submit" loading={create.isPending}>
          {t('templates.create')}
        </Button>
      </div>
    </form>
  );
}
