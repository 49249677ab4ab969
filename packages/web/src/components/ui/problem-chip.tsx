import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { readableTextOn } from '../../lib/colour';

const SIZES = { sm: 'size-5 text-[0.55rem]', md: 'size-9 text-xs', lg: 'size-12 text-sm' } as const;
const NO_COLOUR = '#e7e5e4';

/**
 * A problem's round chip in the company's own colour (as the room map paints it), with its
 * abbreviation. Companies pick any colour, so the text colour is chosen from the background
 * (readableTextOn): dark on light colours, white on dark ones — never white on yellow.
 */
export function ProblemChip({
  color,
  children,
  size = 'md',
  className,
}: {
  color: string | null | undefined;
  children?: ReactNode;
  size?: keyof typeof SIZES;
  className?: string;
}) {
  const background = color || NO_COLOUR;
  return (
    <span
      aria-hidden="true"
      className={cn('inline-flex shrink-0 items-center justify-center rounded-full font-bold ring-1 ring-inset ring-black/20', SIZES[size], className)}
      style={{ backgroundColor: background, color: readableTextOn(background) }}
    >
      {size !== 'sm' && children}
    </span>
  );
}
