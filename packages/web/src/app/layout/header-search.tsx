import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { SEARCH_MIN_CHARS, type SearchHit } from '@verdant/contract';
import { Icon } from '../../components/icons';
import { cn } from '../../lib/cn';
import { readSession } from '../../lib/session';
import { searchHitPath } from '../../api/search';
import { autocompleteQuery } from '../../api/queries/search';

export const SEARCH_DEBOUNCE_MS = 250;

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return debounced;
}

/**
 * The header's search: a combobox whose suggestions (plants, boxes, sub-boxes, batches) come from
 * the autocomplete call, debounced. On a phone it is an icon that opens the field over the header.
 */
export function HeaderSearch() {
  const { t } = useTranslation('app');
  const navigate = useNavigate();
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [phoneOpen, setPhoneOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [listOpen, setListOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const term = useDebounced(query.trim(), SEARCH_DEBOUNCE_MS);
  const companyId = readSession().companyID;
  const enabled = !!companyId && term.length >= SEARCH_MIN_CHARS;

  const { data, isFetching, isError } = useQuery({ ...autocompleteQuery(companyId ?? 0, term), enabled });
  const hits = enabled ? (data?.suggestions ?? []) : [];
  const showList = listOpen && query.trim().length >= SEARCH_MIN_CHARS;

  useEffect(() => setActive(-1), [term]);
  useEffect(() => {
    if (phoneOpen) inputRef.current?.focus();
  }, [phoneOpen]);

  const close = () => {
    setListOpen(false);
    setActive(-1);
  };
  const choose = (hit: SearchHit) => {
    const path = searchHitPath(hit);
    if (!path) return;
    close();
    setQuery('');
    setPhoneOpen(false);
    void navigate(path);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setListOpen(true);
      if (!hits.length) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i < 0 && step < 0 ? hits.length - 1 : (i + step + hits.length) % hits.length));
    } else if (e.key === 'Enter') {
      const hit = hits[active] ?? (hits.length === 1 ? hits[0] : undefined);
      if (hit) {
        e.preventDefault();
        choose(hit);
      }
    } else if (e.key === 'Escape') {
      if (showList) close();
      else {
        setQuery('');
        setPhoneOpen(false);
      }
    }
  };

  const optionId = (i: number) => `${listId}-option-${i}`;

  return (
    <div className="flex min-w-0 items-center md:flex-1">
      <button
        type="button"
        className={cn('inline-flex size-11 items-center justify-center rounded-lg text-stone-700 hover:bg-stone-100 md:hidden', phoneOpen && 'hidden')}
        aria-label={t('header.search.open')}
        onClick={() => setPhoneOpen(true)}
      >
        <Icon name="search" className="size-6" />
      </button>
      <div
        className={cn(
          'relative w-full md:block md:max-w-md',
          phoneOpen ? 'absolute inset-x-0 top-0 z-30 flex h-16 items-center gap-2 bg-white px-4' : 'hidden',
        )}
      >
        <label htmlFor={`${listId}-input`} className="sr-only">
          {t('header.search.label')}
        </label>
        <div className="relative flex-1">
          <Icon name="search" className="pointer-events-none absolute left-3 top-1/2 size-5 -translate-y-1/2 text-stone-500" />
          <input
            ref={inputRef}
            id={`${listId}-input`}
            type="search"
            role="combobox"
            autoComplete="off"
            aria-autocomplete="list"
            aria-expanded={showList}
            aria-controls={`${listId}-list`}
            aria-activedescendant={showList && active >= 0 ? optionId(active) : undefined}
            placeholder={t('header.search.placeholder')}
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setListOpen(true);
            }}
            onFocus={() => setListOpen(true)}
            onBlur={() => setTimeout(close, 150)}
            onKeyDown={onKeyDown}
            className="h-11 w-full rounded-lg border border-stone-300 bg-white pl-10 pr-3 text-sm text-stone-900 placeholder:text-stone-500 focus:border-brand-600 focus:outline-2 focus:outline-brand-600"
          />
          <ul
            id={`${listId}-list`}
            role="listbox"
            aria-label={t('header.search.label')}
            hidden={!showList}
            className="absolute inset-x-0 top-full z-40 mt-1 max-h-80 overflow-y-auto rounded-lg border border-stone-200 bg-white py-1 shadow-lg"
          >
            {hits.map((hit, i) => (
              <li
                key={`${hit.type}-${hit.id}`}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(hit)}
                onMouseEnter={() => setActive(i)}
                className={cn('flex min-h-11 cursor-pointer flex-col justify-center px-3 py-1.5 text-sm', i === active ? 'bg-brand-50 text-brand-900' : 'text-stone-800')}
              >
                <span className="flex items-center gap-2">
                  <span className="rounded bg-stone-100 px-1.5 text-[11px] font-medium text-stone-700">{t(`header.search.kinds.${hit.type}`)}</span>
                  <span className="font-medium">{hit.label}</span>
                </span>
                {hit.sublabel && <span className="text-xs text-stone-600">{hit.sublabel}</span>}
              </li>
            ))}
          </ul>
          {showList && hits.length === 0 && (
            <p role="status" className="absolute inset-x-0 top-full z-40 mt-1 rounded-lg border border-stone-200 bg-white px-3 py-2 text-sm text-stone-600 shadow-lg">
              {isError ? t('header.search.failed') : isFetching || term !== query.trim() ? t('header.search.loading') : t('header.search.noResults')}
            </p>
          )}
        </div>
        {phoneOpen && (
          <button
            type="button"
            className="inline-flex size-11 items-center justify-center rounded-lg text-stone-700 hover:bg-stone-100 md:hidden"
            aria-label={t('header.search.close')}
            onClick={() => {
              setPhoneOpen(false);
              setQuery('');
              close();
            }}
          >
            <Icon name="cross" className="size-6" />
          </button>
        )}
      </div>
    </div>
  );
}
