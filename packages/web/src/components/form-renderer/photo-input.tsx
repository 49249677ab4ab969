import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui';
import { compressImage } from './compress-image';

export interface PhotoInputProps {
  id: string;
  name: string;
  value: Blob | null;
  onChange: (value: Blob | null) => void;
  describedBy?: string;
  invalid?: boolean;
}

/** Opens the back camera on a phone (a file picker elsewhere), shows the photo and keeps it compressed. */
export function PhotoInput({ id, name, value, onChange, describedBy, invalid }: PhotoInputProps) {
  const { t } = useTranslation('form-renderer');
  const inputRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [url, setUrl] = useState<string | null>(null);

  useEffect(() => {
    if (!value || typeof URL.createObjectURL !== 'function') {
      setUrl(null);
      return;
    }
    const u = URL.createObjectURL(value);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [value]);

  return (
    <div className="flex flex-col gap-2">
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept="image/*"
        capture="environment"
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        className="sr-only"
        onChange={async (e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (!file) return;
          setBusy(true);
          try {
            onChange(await compressImage(file));
          } finally {
            setBusy(false);
          }
        }}
      />
      {url && <img src={url} alt={t('photo.preview', { name })} className="max-h-56 w-full rounded-lg border border-stone-200 object-contain bg-stone-50" />}
      {value && !url && <p className="text-sm text-stone-700">{t('photo.attached')}</p>}
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" loading={busy} onClick={() => inputRef.current?.click()} aria-describedby={describedBy}>
          {busy ? t('photo.preparing') : value ? t('photo.replace') : t('photo.take')}
        </Button>
        {value && (
          <Button variant="ghost" onClick={() => onChange(null)}>
            {t('photo.remove')}
          </Button>
        )}
      </div>
    </div>
  );
}
