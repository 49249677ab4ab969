import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { imageQuery } from '../../../api/queries/rooms';

/** An uploaded image as an object URL (images need the bearer token, so <img src> cannot fetch them). */
export function useAuthImage(url: string | null | undefined): string | null {
  const blob = useQuery(imageQuery(url));
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
