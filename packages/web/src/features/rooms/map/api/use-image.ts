import { usePhotoSrc } from '../../../../components/photos';

/**
 * An uploaded image as an object URL (images need the bearer token, so <img src> cannot fetch them);
 * null while it loads or when it cannot. The app's one way of loading them is `usePhotoSrc`.
 */
export function useAuthImage(url: string | null | undefined): string | null {
  return usePhotoSrc(url).src;
}
