import { ProblemChip } from '../../../components/ui';

/** A problem's colour as the room map draws it, with its abbreviation inside when it has one. */
export function ColorSwatch({ color, abbreviation, size = 'md', className }: { color: string | null; abbreviation?: string | null; size?: 'sm' | 'md' | 'lg'; className?: string }) {
  return (
    <ProblemChip color={color} size={size} className={className}>
      {abbreviation}
    </ProblemChip>
  );
}
