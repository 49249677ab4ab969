import { useEffect, useRef, useState } from 'react';
import type { LabelItem } from '../lib/label-items';
import { appUrl, placeUrl, qrSvgDataUrl } from '../lib/place-qr';
import { labelKey } from './label-sheet';

/**
 * QR codes of the labels' links, made in the browser (so sheets print offline too) and kept while the
 * page is open: ticking one more box makes one more code, not all of them again.
 */
export function useQrCodes(items: readonly LabelItem[]): { codes: ReadonlyMap<string, string>; error: unknown } {
  const cache = useRef(new Map<string, string>());
  const [codes, setCodes] = useState<ReadonlyMap<string, string>>(() => new Map());
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    let cancelled = false;
    const missing = items.filter((i) => !cache.current.has(labelKey(i)));
    void (async () => {
      try {
        for (const item of missing) {
          if (cancelled) return;
          const url = item.link ? appUrl(item.link) : item.kind === 'sample_plant' ? null : placeUrl(item.kind, item.id);
          if (url) cache.current.set(labelKey(item), await qrSvgDataUrl(url));
        }
        if (!cancelled) {
          setError(null);
          setCodes(new Map(cache.current));
        }
      } catch (err) {
        if (!cancelled) setError(err);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [items]);

  return { codes, error };
}
