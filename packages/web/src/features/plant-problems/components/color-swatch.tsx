import { cn } from '../../../lib/cn';

/** A problem's colour as the room map draws it, with its abbreviation inside when it has one. */
export function ColorSwatch({ color, abbreviation, size = 'md', className }: { color: string | null; abbreviation?: string | null; size?: 'sm' | 'md' | 'lg'; className?: string }) {
  const dims = size === 'lg' ? 'size-12 text-sm' : size === 'sm' ? 'size-5 text-[0.55rem]' : 'size-9 text-xs';
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-full font-bold text-white ring-1 ring-inset ring-black/15 [text-shadow:0_0_2px_rgb(0_0_0/0.7)]',
        dims,
        !color && 'bg-stone-200',
        className,
      )}
      style={color ? { backgroundColor: color } : undefined}
    >
      {size !== 'sm' && abbreviation}
    </span>
  );
}
