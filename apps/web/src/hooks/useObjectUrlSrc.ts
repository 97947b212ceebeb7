import { useCallback } from 'react';

/**
 * A ref callback that shows `blob` in an <img> through an object URL, revoked as soon as the
 * image goes or shows another blob, so chosen files are not held in memory for the page's life.
 * A ref (React 19 ref cleanup) rather than state: strict mode's mount, unmount, mount then
 * makes a fresh URL instead of reusing a revoked one.
 */
export function useObjectUrlSrc(blob: Blob) {
  return useCallback(
    (img: HTMLImageElement | null) => {
      if (!img) return;
      const url = URL.createObjectURL(blob);
      img.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [blob],
  );
}
