import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { controlClasses } from '../ui';
import { cn } from '../../lib/cn';
import type { ProblemChoice } from './use-problem-library';

const MAX_SHOWN = 8;

export interface ProblemPickerProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** The choices: the library, or the field's own options. */
  choices: readonly ProblemChoice[];
  /** Only the choices may be picked (a field with its own options); otherwise free text is kept as typed. */
  restricted: boolean;
  describedBy?: string;
  invalid?: boolean;
  required?: boolean;
  loading?: boolean;
  unavailable?: boolean;
}

/** A searchable list over the problem library; what the scout types is kept when nothing fits. */
export function ProblemPicker({ id, value, onChange, choices, restricted, describedBy, invalid, required, loading, unavailable }: ProblemPickerProps) {
  const { t } = useTranslation('form-renderer');
  const listId = useId();
  const noteId = `${id}-note`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const query = value.trim().toLowerCase();
  const matches = useMemo(
    () =>
      (query
        ? choices.filter((c) => [c.name, c.label ?? '', c.category].some((text) => text.toLowerCase().includes(query)))
        : choices
      ).slice(0, MAX_SHOWN),
    [choices, query],
  );
  const exact = choices.some((c) => c.name.toLowerCase() === query);
  const shown = open && matches.length > 0 && !(exact && matches.length === 1);

  const choose = (c: ProblemChoice) => {
    onChange(c.name);
    setOpen(false);
    setActive(-1);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setOpen(true);
      setActive((a) => Math.min(matches.length - 1, a + 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((a) => Math.max(-1, a - 1));
    } else if (e.key === 'Enter' && shown && active >= 0 && matches[active]) {
      e.preventDefault();
      choose(matches[active]);
    } else if (e.key === 'Escape') {
      setOpen(false);
    }
  };

  let note: string | null = null;
  if (loading) note = t('problem.loading');
  else if (unavailable && !restricted) note = t('problem.unavailable');
  else if (query && !exact && matches.length === 0) note = restricted ? t('problem.notInList') : t('problem.freeText', { query: value.trim() });

  return (
    <div className="relative">
      <input
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={shown && active >= 0 ? `${listId}-${active}` : undefined}
        aria-describedby={[describedBy, note ? noteId : undefined].filter(Boolean).join(' ') || undefined}
        aria-invalid={invalid || undefined}
        required={required}
        placeholder={t('problem.placeholder')}
        value={value}
        className={controlClasses}
        onChange={(e) => {
          onChange(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={t('problem.listLabel')}
        hidden={!shown}
        className="absolute inset-x-0 top-full z-20 mt-1 max-h-72 overflow-auto rounded-lg border border-stone-200 bg-white py-1 shadow-lg"
      >
        {matches.map((c, i) => (
          <li
            key={c.name}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            // mousedown, not click: the input's blur would close the list before a click lands.
            onMouseDown={(e) => {
              e.preventDefault();
              choose(c);
            }}
            className={cn('flex min-h-11 cursor-pointer flex-col justify-center px-3 py-1.5', i === active ? 'bg-brand-50' : 'hover:bg-stone-50')}
          >
            <span className="text-sm font-medium text-stone-900">{c.label ?? c.name}</span>
            {(c.category || (c.label && c.label !== c.name)) && (
              <span className="text-xs text-stone-600">{[c.category, c.label && c.label !== c.name ? c.name : ''].filter(Boolean).join(' · ')}</span>
            )}
          </li>
        ))}
      </ul>
      {note && (
        <p id={noteId} className="mt-1 text-sm text-stone-600">
          {note}
        </p>
      )}
    </div>
  );
}
