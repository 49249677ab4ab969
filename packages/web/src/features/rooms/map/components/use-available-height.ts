import { useLayoutEffect, useState } from 'react';

/**
 * Where the usable window ends (CSS pixels from its top): above whatever is fixed along its bottom edge —
 * the phone's navigation bar — so a map sized to it is not drawn under that bar.
 */
function usableBottom(): number {
  const h = window.innerHeight;
  let bottom = h;
  for (const el of document.querySelectorAll('nav')) {
    const r = el.getBoundingClientRect();
    if (r.height > 0 && r.bottom >= h - 1 && r.top > h / 2 && getComputedStyle(el).position === 'fixed') bottom = Math.min(bottom, r.top);
  }
  return bottom;
}

/**
 * Height left for the map from its top (on the page, not scrolled) to the usable bottom of the window, so the
 * room's actions, the first grid's whole fitted map and its scanned line share the first screen on a phone and
 * the map fills a desktop; followed as the window and the page resize. Never under `least`: a map squeezed below a readable
 * size would rather let the page scroll.
 */
export function useAvailableHeight(ref: React.RefObject<HTMLElement | null>, ready: boolean, least = 240): number {
  const [height, setHeight] = useState(() => (typeof window === 'undefined' ? 600 : Math.round(window.innerHeight * 0.7)));
  useLayoutEffect(() => {
    if (!ready) return;
    const measure = () => {
      const el = ref.current;
      if (!el) return;
      const top = el.getBoundingClientRect().top + window.scrollY;
      const bottom = usableBottom();
      setHeight(Math.round(Math.min(bottom - 16, Math.max(least, bottom - top - 8))));
    };
    measure();
    window.addEventListener('resize', measure);
    // What sits above the map changes height as it loads (the open-problem count, the key, an offline notice).
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(document.body);
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [ref, ready, least]);
  return height;
}
