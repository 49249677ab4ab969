import { useLayoutEffect, useState, type RefObject } from 'react';

const heightOf = (box: DOMRect) => box.height;
const wholeWidthOf = (box: DOMRect) => Math.floor(box.width);

/** A size of an element (`read` from its box; keep it a stable function), followed as it changes; `initial` until measured. */
function useElementSize(ref: RefObject<HTMLElement | null>, read: (box: DOMRect) => number, initial: number): number {
  const [size, setSize] = useState(initial);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setSize(read(el.getBoundingClientRect()));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, read]);
  return size;
}

/** An element's height in CSS pixels, followed as it changes (wrapping text, a key appearing); `initial` until first measured. */
export const useElementHeight = (ref: RefObject<HTMLElement | null>, initial: number): number => useElementSize(ref, heightOf, initial);

/** An element's width in whole CSS pixels, followed as the window resizes; 0 until first measured. */
export const useElementWidth = (ref: RefObject<HTMLElement | null>): number => useElementSize(ref, wholeWidthOf, 0);
