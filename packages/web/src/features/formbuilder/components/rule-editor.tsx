import { useTranslation } from 'react-i18next';
import { Input, Select } from '../../../components/ui';
import { cleanOptions, wouldCycle, type DraftField, type DraftRule } from '../lib/draft';

/** The answers a linked field can give, when it has a fixed set (options, a tick box). */
function answersOf(field: DraftField | undefined, yes: string, no: string): string[] | null {
  if (!field) return null;
  if (field.type === 'checkbox') return [yes, no];
  const options = cleanOptions(field.options);
  if (options.length && ['select', 'multi-select', 'severity', 'problem'].includes(field.type)) return options;
  return null;
}

/** "Show this field only when <field> is <answer>": a field waits for another field's answer. */
export function RuleEditor({
  field,
  fields,
  error,
  onChange,
}: {
  field: DraftField;
  fields: readonly DraftField[];
  error?: string;
  onChange: (rule: DraftRule | null) => void;
}) {
  const { t } = useTranslation('formbuilder');
  const candidates = fields.filter((f) => f.key !== field.key && f.active && f.type !== 'photo');
  const linked = fields.find((f) => f.key === field.rule?.linkedKey);
  const fixed = answersOf(linked, 'Yes', 'No');
  const label = (f: DraftField) => f.name.trim() || t('editor.untitled', { type: t(`types.${f.type}`, { defaultValue: f.type }) });

  return (
    <div className="flex flex-col gap-3 rounded-lg bg-stone-50 p-3">
      <Select
        label={t('editor.rule.when')}
        hint={t('editor.rule.hint')}
        value={field.rule?.linkedKey ?? ''}
        onChange={(e) => onChange(e.target.value ? { linkedKey: e.target.value, input: '' } : null)}
        options={[
          { value: '', label: t('editor.rule.always') },
          ...candidates.map((f) => ({ value: f.key, label: label(f), disabled: wouldCycle(fields, field.key, f.key) })),
        ]}
      />
      {field.rule &&
        (fixed ? (
          <Select
            label={t('editor.rule.is', { name: linked ? label(linked) : '' })}
            value={field.rule.input}
            error={error}
            placeholder={t('editor.rule.chooseAnswer')}
            onChange={(e) => onChange({ ...field.rule!, input: e.target.value })}
            options={(field.rule.input && !fixed.includes(field.rule.input) ? [field.rule.input, ...fixed] : fixed).map((o) => ({ value: o, label: o }))}
          />
        ) : (
          <Input
            label={t('editor.rule.is', { name: linked ? label(linked) : '' })}
            hint={t('editor.rule.inputHint')}
            value={field.rule.input}
            error={error}
            onChange={(e) => onChange({ ...field.rule!, input: e.target.value })}
          />
        ))}
    </div>
  );
}
