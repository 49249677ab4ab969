import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { fetchImage } from '../../../api/rooms';

/** An uploaded image as an object URL (images need the bearer token, so <img src> cannot fetch them). */
export function useAuthImage(url: string | null | undefined): string | null {
  const blob = useQuery({
    queryKey: ['image', url],
    queryFn: () => fetchImage(url!),
    enabled: Boolean(url),
    staleTime: Infinity,
    gcTime: 5 * 60_000,
  });
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob.data || typeof URL.createObjectURL !== 'function') return;
    const u = URL.createObjectURL(blob.data);
    setObjectUrl(u);
    return () => {
      URL.revokeObjectURL(u);
      setObjectUrl(null);
    };
  }, [blob.data]);
  return objectUrl;
}
