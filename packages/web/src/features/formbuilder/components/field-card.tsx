import { useEffect, useRef, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FIELD_TYPES } from '@verdant/contract';
import { Badge, Button, Input, Select, Switch, Textarea } from '../../../components/ui';
import { cn } from '../../../lib/cn';
import { needsOptions, takesOptions, type DraftField, type DraftErrors } from '../lib/draft';
import { RuleEditor } from './rule-editor';

export interface FieldCardProps {
  field: DraftField;
  index: number;
  count: number;
  fields: readonly DraftField[];
  open: boolean;
  errors?: DraftErrors['byField'][string];
  autoFocus?: boolean;
  onToggle: () => void;
  onChange: (patch: Partial<DraftField>) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
  drag: {
    onDragStart: (e: DragEvent) => void;
    onDragOver: (e: DragEvent) => void;
    onDrop: (e: DragEvent) => void;
    onDragEnd: () => void;
    over: boolean;
  };
}

/** One field of the template being built: its summary row, and its settings when open. */
export function FieldCard({ field, index, count, fields, open, errors, autoFocus, onToggle, onChange, onMove, onRemove, drag }: FieldCardProps) {
  const { t } = useTranslation('formbuilder');
  const nameRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (autoFocus) nameRef.current?.focus();
  }, [autoFocus]);
  const title = field.name.trim() || t('editor.untitled', { type: t(`types.${field.type}`, { defaultValue: field.type }) });
  const linked = fields.find((f) => f.key === field.rule?.linkedKey);
  const hasErrors = Boolean(errors && Object.keys(errors).length);
  const bodyId = `field-${field.key}`;

  return (
    <li
      onDragOver={drag.onDragOver}
      onDrop={drag.onDrop}
      aria-label={t('editor.fieldLabel', { index: index + 1, name: title })}
      className={cn(
        'rounded-xl border bg-white shadow-xs transition-colors',
        drag.over ? 'border-brand-600 ring-2 ring-brand-200' : hasErrors ? 'border-red-400' : 'border-stone-200',
        !field.active && 'bg-stone-50',
      )}
    >
      <div className="flex items-center gap-1 p-2 sm:gap-2">
        <span
          draggable
          onDragStart={drag.onDragStart}
          onDragEnd={drag.onDragEnd}
          title={t('editor.dragHint')}
          aria-hidden="true"
          className="flex size-11 shrink-0 cursor-grab items-center justify-center rounded-lg text-stone-500 hover:bg-stone-100 active:cursor-grabbing"
        >
          <svg viewBox="0 0 20 20" className="size-5" fill="currentColor">
            <circle cx="7" cy="5" r="1.5" /><circle cx="13" cy="5" r="1.5" /><circle cx="7" cy="10" r="1.5" />
            <circle cx="13" cy="10" r="1.5" /><circle cx="7" cy="15" r="1.5" /><circle cx="13" cy="15" r="1.5" />
          </svg>
        </span>
        <button
          type="button"
          onClick={onToggle}
          aria-expanded={open}
          aria-controls={bodyId}
          className="flex min-h-11 min-w-0 flex-1 flex-col items-start justify-center rounded-lg px-2 text-left hover:bg-stone-50 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <span className={cn('truncate font-medium', field.active ? 'text-stone-900' : 'text-stone-500 line-through')}>
            {index + 1}. {title}
          </span>
          <span className="flex flex-wrap gap-1 pt-0.5">
            <Badge>{t(`types.${field.type}`, { defaultValue: field.type })}</Badge>
            {field.required && <Badge tone="warning">{t('editor.requiredBadge')}</Badge>}
            {!field.active && <Badge tone="neutral">{t('editor.retiredBadge')}</Badge>}
            {field.rule && linked && <Badge tone="info">{t('editor.hiddenBadge', { name: linked.name.trim() || '…', input: field.rule.input })}</Badge>}
            {field.FieldID === null && <Badge tone="brand">{t('editor.newBadge')}</Badge>}
            {hasErrors && <Badge tone="danger">{t('editor.needsAttention')}</Badge>}
          </span>
        </button>
        <Button variant="ghost" className="w-11 px-0" disabled={index === 0} onClick={() => onMove(index - 1)} aria-label={t('editor.moveUp', { name: title })}>
          ↑
        </Button>
        <Button variant="ghost" className="w-11 px-0" disabled={index === count - 1} onClick={() => onMove(index + 1)} aria-label={t('editor.moveDown', { name: title })}>
          ↓
        </Button>
      </div>
      {open && (
        <div id={bodyId} className="flex flex-col gap-4 border-t border-stone-200 p-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <Input ref={nameRef} label={t('editor.fieldName')} required value={field.name} error={errors?.name && t(errors.name)} onChange={(e) => onChange({ name: e.target.value })} />
            <Select
              label={t('editor.fieldType')}
              value={field.type}
              hint={field.FieldID !== null ? t('editor.typeHint') : undefined}
              onChange={(e) => onChange({ type: e.target.value })}
              options={FIELD_TYPES.map((ft) => ({ value: ft, label: t(`types.${ft}`) }))}
            />
          </div>
          {takesOptions(field.type) && (
            <Textarea
              label={needsOptions(field.type) ? t('editor.options') : t('editor.optionsOptional')}
              hint={t(`editor.optionsHint.${field.type}`, { defaultValue: t('editor.optionsHint.default') })}
              required={needsOptions(field.type)}
              rows={4}
              value={field.options.join('\n')}
              error={errors?.options && t(errors.options)}
              onChange={(e) => onChange({ options: e.target.value.split('\n').map((o) => o.trimStart()).filter((o, i, all) => o !== '' || i === all.length - 1) })}
              onBlur={() => onChange({ options: [...new Set(field.options.map((o) => o.trim()).filter(Boolean))] })}
            />
          )}
          <div className="grid gap-x-6 sm:grid-cols-2">
            <Switch label={t('editor.required')} description={t('editor.requiredHint')} checked={field.required} onChange={(required) => onChange({ required })} />
            {field.FieldID !== null && (
              <Switch label={t('editor.active')} description={t('editor.activeHint')} checked={field.active} onChange={(active) => onChange({ active })} />
            )}
          </div>
          <Input label={t('editor.cssClass')} hint={t('editor.cssClassHint')} value={field.cssClass} onChange={(e) => onChange({ cssClass: e.target.value })} />
          <RuleEditor field={field} fields={fields} error={errors?.rule && t(errors.rule)} onChange={(rule) => onChange({ rule })} />
          <div className="flex flex-wrap justify-end gap-2">
            {field.FieldID === null ? (
              <Button variant="ghost" className="text-red-800" onClick={onRemove}>
                {t('editor.remove')}
              </Button>
            ) : (
              <Button variant="secondary" onClick={() => onChange({ active: !field.active })}>
                {field.active ? t('editor.retire') : t('editor.restore')}
              </Button>
            )}
          </div>
        </div>
      )}
    </li>
  );
}
