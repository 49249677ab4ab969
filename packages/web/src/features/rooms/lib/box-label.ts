import type { GridBox } from '@verdant/contract';

/** A box's name when it has one, else its position `X,Y`. */
export function boxLabel(box: Pick<GridBox, 'CustomName' | 'X' | 'Y'>): string {
  return box.CustomName && box.CustomName.trim() ? box.CustomName : `${box.X},${box.Y}`;
}
