import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { imageQuery } from '../../api/queries/rooms';

export type PhotoSrcState = 'loading' | 'ready' | 'error';

/** An object URL for a Blob, revoked when the Blob changes or the component goes. */
function useObjectUrl(blob: Blob | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob || typeof URL.createObjectURL !== 'function') return;
    const u = URL.createObjectURL(blob);
    setUrl(u);
    return () => {
      URL.revokeObjectURL(u);
      setUrl(null);
    };
  }, [blob]);
  return url;
}

/**
 * THE way the app shows an uploaded image: GET /image answers only with the bearer token, so an
 * <img src> cannot load it; it is fetched through the signed-in client (`imageQuery`, cached by its URL;
 * the server's private, immutable caching and ETag spare the network) and shown from an object URL.
 * A photo still on the device (`blob`) is shown from its own object URL without any request.
 */
export function usePhotoSrc(url: string | null | undefined, blob?: Blob | null): { src: string | null; state: PhotoSrcState; retry: () => void } {
  // No automatic retries: a broken photo says so at once and offers "Try again".
  const remote = useQuery({ ...imageQuery(blob ? null : url), retry: false });
  const src = useObjectUrl(blob ?? remote.data);
  if (blob) return { src, state: src ? 'ready' : 'loading', retry: () => {} };
  if (!url || remote.isError) return { src: null, state: 'error', retry: () => void remote.refetch() };
  return { src, state: src ? 'ready' : 'loading', retry: () => void remote.refetch() };
}
