/**
 * One problem vocabulary for every client: the library problems' short labels (what the room map, its
 * legend, Observations and the colour page print), the one function that derives a label for any other
 * problem, and the one severity scale of forms, observations and batch problems. docs/decisions.md
 * ("One problem vocabulary") says why.
 */

/**
 * The library's own abbreviation per problem, keyed by its stable slug (the server's library data test
 * proves every library problem has one and no two share one, in any case).
 */
export const LIBRARY_ABBREVIATIONS: Readonly<Record<string, string>> = {
  'two-spotted-spider-mite': 'SM',
  'broad-mite': 'BM',
  'russet-mite': 'RM',
  'cyclamen-mite': 'CM',
  'western-flower-thrips': 'WFT',
  'green-peach-aphid': 'GPA',
  'cotton-melon-aphid': 'CMA',
  'greenhouse-whitefly': 'GWF',
  'silverleaf-whitefly': 'SWF',
  'fungus-gnats': 'FG',
  'shore-flies': 'SF',
  leafminers: 'LM',
  'citrus-mealybug': 'MB',
  'soft-scale': 'SS',
  'caterpillars-loopers': 'CAT',
  'powdery-mildew': 'PM',
  'botrytis-grey-mould': 'BOT',
  'pythium-root-rot': 'PYT',
  'phytophthora-root-crown-rot': 'PHY',
  'fusarium-wilt': 'FUS',
  'verticillium-wilt': 'VERT',
  'downy-mildew': 'DM',
  'damping-off': 'DO',
  'alternaria-leaf-spot': 'ALT',
  rust: 'RUST',
  'sooty-mould': 'SOOT',
  'bacterial-leaf-spot': 'BLS',
  'bacterial-soft-rot': 'BSR',
  'bacterial-canker': 'BC',
  'tomato-spotted-wilt-virus': 'TSWV',
  'impatiens-necrotic-spot-virus': 'INSV',
  'tobamoviruses-tmv-tobrfv': 'TMV',
  'cucumber-mosaic-virus': 'CMV',
  'hop-latent-viroid': 'HLVD',
  'nitrogen-deficiency': 'N',
  'phosphorus-deficiency': 'P',
  'potassium-deficiency': 'K',
  'calcium-deficiency': 'CA',
  'magnesium-deficiency': 'MG',
  'iron-deficiency': 'FE',
  'manganese-deficiency': 'MN',
  'zinc-deficiency': 'ZN',
  'boron-toxicity': 'B',
  'salt-ec-toxicity': 'EC',
  'heat-stress': 'HS',
  'light-burn': 'LB',
  'chilling-injury': 'CI',
  'overwatering-edema': 'OW',
  'underwatering-drought-stress': 'UW',
};

/** The library's English names → slugs, so a stored name finds its abbreviation offline too. */
export const LIBRARY_SLUG_BY_NAME: Readonly<Record<string, string>> = {
  'two-spotted spider mite': 'two-spotted-spider-mite',
  'broad mite': 'broad-mite',
  'russet mite': 'russet-mite',
  'cyclamen mite': 'cyclamen-mite',
  'western flower thrips': 'western-flower-thrips',
  'green peach aphid': 'green-peach-aphid',
  'cotton/melon aphid': 'cotton-melon-aphid',
  'greenhouse whitefly': 'greenhouse-whitefly',
  'silverleaf whitefly': 'silverleaf-whitefly',
  'fungus gnats': 'fungus-gnats',
  'shore flies': 'shore-flies',
  leafminers: 'leafminers',
  mealybugs: 'citrus-mealybug',
  'soft scale': 'soft-scale',
  'caterpillars and loopers': 'caterpillars-loopers',
  'powdery mildew': 'powdery-mildew',
  'botrytis grey mould': 'botrytis-grey-mould',
  'pythium root rot': 'pythium-root-rot',
  'phytophthora root and crown rot': 'phytophthora-root-crown-rot',
  'fusarium wilt': 'fusarium-wilt',
  'verticillium wilt': 'verticillium-wilt',
  'downy mildew': 'downy-mildew',
  'damping-off': 'damping-off',
  'alternaria leaf spot': 'alternaria-leaf-spot',
  rust: 'rust',
  'sooty mould': 'sooty-mould',
  'bacterial leaf spot': 'bacterial-leaf-spot',
  'bacterial soft rot': 'bacterial-soft-rot',
  'bacterial canker': 'bacterial-canker',
  'tomato spotted wilt virus (tswv)': 'tomato-spotted-wilt-virus',
  'impatiens necrotic spot virus (insv)': 'impatiens-necrotic-spot-virus',
  'tobamoviruses (tmv, tomv, tobrfv)': 'tobamoviruses-tmv-tobrfv',
  'cucumber mosaic virus (cmv)': 'cucumber-mosaic-virus',
  'hop latent viroid (hlvd)': 'hop-latent-viroid',
  'nitrogen (n) deficiency': 'nitrogen-deficiency',
  'phosphorus (p) deficiency': 'phosphorus-deficiency',
  'potassium (k) deficiency': 'potassium-deficiency',
  'calcium (ca) deficiency': 'calcium-deficiency',
  'magnesium (mg) deficiency': 'magnesium-deficiency',
  'iron (fe) deficiency': 'iron-deficiency',
  'manganese (mn) deficiency': 'manganese-deficiency',
  'zinc (zn) deficiency': 'zinc-deficiency',
  'boron (b) toxicity': 'boron-toxicity',
  'soluble salt (high ec) injury': 'salt-ec-toxicity',
  'heat stress': 'heat-stress',
  'light burn (light stress)': 'light-burn',
  'cold and chilling injury': 'chilling-injury',
  'overwatering and edema (oedema)': 'overwatering-edema',
  'underwatering (drought stress)': 'underwatering-drought-stress',
};

/** Initials of a name's first three words, or a one-word name's first two letters: 'Leaf curl' → 'LC'. */
function initials(name: string): string {
  const words = name.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  if (words.length === 0) return '?';
  if (words.length === 1) return words[0]!.slice(0, 2).toUpperCase();
  return words.slice(0, 3).map((w) => w[0]!).join('').toUpperCase();
}

/**
 * The one abbreviation of a problem: the company's own (its colour mapping), else the library's (by
 * English name or slug, any case), else initials. Every screen and the server call this, never their own.
 */
export function problemAbbreviation(problem: string, companyAbbreviation?: string | null): string {
  const own = companyAbbreviation?.trim();
  if (own) return own;
  const key = problem.trim().toLowerCase();
  const slug = LIBRARY_SLUG_BY_NAME[key] ?? key;
  return LIBRARY_ABBREVIATIONS[slug] ?? initials(problem.trim());
}

/** Distinct, legible colours for problems neither the company nor the library has coloured. */
const FALLBACK_PALETTE = ['#E53935', '#FB8C00', '#FDD835', '#43A047', '#00ACC1', '#1E88E5', '#8E24AA', '#D81B60', '#6D4C41', '#546E7A'];

/**
 * The colour of a problem neither the company's mapping nor the library colours: the same name always
 * gets the same one, on the server (grid circles) and in the browser (charts, exports), so they agree.
 */
export function problemFallbackColor(problem: string): string {
  let h = 0;
  for (const ch of problem.trim().toLowerCase()) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return FALLBACK_PALETTE[h % FALLBACK_PALETTE.length]!;
}

/** The one severity scale of forms, observations, batch problems, filters and displays: 1 trace … 5 severe. */
export const SEVERITY_SCALE_MIN = 1;
export const SEVERITY_SCALE_MAX = 5;
export const SEVERITY_LEVELS = [1, 2, 3, 4, 5] as const;
