import type { InsectSizeClass, LesionType } from './types.js';

/** A problem of the product's library, by slug and English name (packages/server/src/db/migrations/data). */
export interface LibraryProblemRef {
  slug: string;
  name: string;
}

/**
 * What each measured leaf symptom is filed as. A colour measurement cannot tell one chlorosis from another, so
 * each symptom maps to the library's most common cause of it; the scout confirms or corrects the observation.
 */
export const LESION_PROBLEMS: Record<LesionType, LibraryProblemRef> = {
  chlorotic: { slug: 'nitrogen-deficiency', name: 'Nitrogen (N) deficiency' },
  necrotic: { slug: 'botrytis-grey-mould', name: 'Botrytis grey mould' },
  powdery: { slug: 'powdery-mildew', name: 'Powdery mildew' },
  dark_spot: { slug: 'alternaria-leaf-spot', name: 'Alternaria leaf spot' },
};

/** What each insect size class on a sticky card is filed as. */
export const INSECT_PROBLEMS: Record<InsectSizeClass, LibraryProblemRef> = {
  small_fly: { slug: 'fungus-gnats', name: 'Fungus gnats' },
  thrips: { slug: 'western-flower-thrips', name: 'Western flower thrips' },
  whitefly: { slug: 'greenhouse-whitefly', name: 'Greenhouse whitefly' },
};
