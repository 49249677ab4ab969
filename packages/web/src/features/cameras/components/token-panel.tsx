import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button } from '../../../components/ui';

/** The ingest token, shown once (the server keeps only its hash), with how a camera posts an image. */
export function TokenPanel({ name, token, onDone }: { name: string; token: string; onDone: () => void }) {
  const { t } = useTranslation('cameras');
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard?.writeText(token);
    setCopied(true);
  };
  return (
    <Alert tone="warning" title={t('token.title', { name })}>
      <p>{t('token.once')}</p>
      <code className="my-2 block break-all rounded bg-white p-2 font-mono text-sm text-stone-900" aria-label={t('token.label')}>
        {token}
      </code>
      <p className="text-sm">{t('token.howTo')}</p>
      <code className="my-2 block break-all rounded bg-white p-2 font-mono text-xs text-stone-800">
        {`curl -H "Authorization: Bearer ${token}" -F image=@frame.jpg ${window.location.origin}/api/camera_ingest`}
      </code>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={() => void copy()}>
          {copied ? t('token.copied') : t('token.copy')}
        </Button>
        <Button size="sm" onClick={onDone}>
          {t('token.done')}
        </Button>
      </div>
    </Alert>
  );
}
