import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BOX_STATUS_MAX } from '@verdant/contract';
import { Alert, Button, Dialog, Input } from '../../../../components/ui';
import { errorMessage } from '../../../../api/api-error';
import { cn } from '../../../../lib/cn';
import type { BoxLook } from '../api/use-bulk-boxes';

type Choice = 'keep' | 'set' | 'clear';
const CHOICES: Choice[] = ['keep', 'set', 'clear'];
/** Colours offered at a tap (a grower's usual bench marks); any other through the picker. */
const SWATCHES = ['#16A34A', '#CA8A04', '#DC2626', '#2563EB', '#9333EA', '#78716C'];

function ChoiceGroup({ label, value, onChange, name }: { label: string; value: Choice; onChange: (c: Choice) => void; name: string }) {
  const { t } = useTranslation('rooms');
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="text-sm font-medium text-stone-800">{label}</legend>
      <div className="grid grid-cols-3 gap-1 rounded-lg bg-stone-100 p-1">
        {CHOICES.map((c) => (
          <label
            key={c}
            className={cn(
              'flex min-h-11 cursor-pointer items-center justify-center rounded-md px-2 text-sm font-semibold has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600',
              value === c ? 'bg-white text-stone-900 shadow-sm ring-1 ring-stone-300' : 'text-stone-600',
            )}
          >
            <input type="radio" className="sr-only" name={name} value={c} checked={value === c} onChange={() => onChange(c)} />
            {t(`bulk.${c}`)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * Sets the status and/or colour of the chosen boxes in one change (all or nothing). Each may be kept as it is,
 * set, or cleared; the server's refusal (naming the box) shows above the buttons and nothing is changed.
 */
export function BulkLookDialog({
  open,
  count,
  statuses,
  pending,
  error,
  onApply,
  onClose,
}: {
  open: boolean;
  count: number;
  /** Statuses already used in the room, offered as suggestions. */
  statuses: string[];
  pending: boolean;
  error: unknown;
  onApply: (look: BoxLook) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('rooms');
  const [statusChoice, setStatusChoice] = useState<Choice>('set');
  const [status, setStatus] = useState('');
  const [colourChoice, setColourChoice] = useState<Choice>('keep');
  const [colour, setColour] = useState(SWATCHES[0]!);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (statusChoice === 'keep' && colourChoice === 'keep') return setProblem(t('bulk.nothing'));
    if (statusChoice === 'set' && !status.trim()) return setProblem(t('bulk.statusRequired'));
    setProblem(null);
    const look: BoxLook = {};
    if (statusChoice !== 'keep') look.Status = statusChoice === 'set' ? status.trim() : null;
    if (colourChoice !== 'keep') look.Color = colourChoice === 'set' ? colour.toUpperCase() : null;
    onApply(look);
  };

  return (
    <Dialog open={open} onClose={onClose} title={t('bulk.title', { count })} description={t('bulk.body')}>
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <ChoiceGroup label={t('bulk.status')} name="bulk-status" value={statusChoice} onChange={setStatusChoice} />
        {statusChoice === 'set' && (
          <>
            <Input
              label={t('bulk.statusLabel')}
              value={status}
              maxLength={BOX_STATUS_MAX}
              list="bulk-status-suggestions"
              placeholder={t('bulk.statusPlaceholder')}
              onChange={(e) => setStatus(e.target.value)}
              error={problem === t('bulk.statusRequired') ? problem : undefined}
            />
            <datalist id="bulk-status-suggestions">
              {statuses.map((s) => (
                <option key={s} value={s} />
              ))}
            </datalist>
          </>
        )}
        <ChoiceGroup label={t('bulk.colour')} name="bulk-colour" value={colourChoice} onChange={setColourChoice} />
        {colourChoice === 'set' && (
          <div role="group" aria-label={t('bulk.colourLabel')} className="flex flex-wrap items-center gap-2">
            {SWATCHES.map((c) => (
              <button
                key={c}
                type="button"
                aria-label={c}
                aria-pressed={colour.toUpperCase() === c}
                onClick={() => setColour(c)}
                className={cn('size-11 rounded-md ring-1 ring-stone-300 focus-visible:outline-2 focus-visible:outline-brand-600', colour.toUpperCase() === c && 'ring-4 ring-stone-900')}
                style={{ backgroundColor: c }}
              />
            ))}
            <label className="flex min-h-11 items-center gap-2 text-sm text-stone-700">
              <input type="color" value={colour} onChange={(e) => setColour(e.target.value)} className="h-11 w-14 cursor-pointer rounded-md border border-stone-300" />
              {t('bulk.otherColour')}
            </label>
          </div>
        )}
        {problem && problem !== t('bulk.statusRequired') && <Alert tone="warning">{problem}</Alert>}
        {error != null && (
          <Alert tone="danger" title={t('bulk.failed')}>
            {errorMessage(error)}
          </Alert>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="ghost" onClick={onClose}>
            {t('bulk.cancel')}
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? t('bulk.applying') : t('bulk.apply', { count })}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
