/**
 * Everyday names growers search by that a library problem's own name does not contain ("Spider mites"
 * for the two-spotted spider mite, "Botrytis" alone, "Gray mold"), by slug. English only: a translated
 * name is searched as written in its language, and each name's words are matched on their own too.
 */
export const PROBLEM_SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  'two-spotted-spider-mite': ['Spider mites', 'Red spider mite', 'TSSM'],
  'western-flower-thrips': ['Thrips', 'WFT'],
  'green-peach-aphid': ['Aphids', 'Greenfly'],
  'cotton-melon-aphid': ['Aphids', 'Melon aphid'],
  'greenhouse-whitefly': ['Whiteflies', 'Whitefly'],
  'silverleaf-whitefly': ['Whiteflies', 'Whitefly', 'Bemisia'],
  'fungus-gnats': ['Sciarids', 'Sciara'],
  'botrytis-grey-mould': ['Botrytis', 'Grey mold', 'Gray mold', 'Gray mould'],
  'powdery-mildew': ['Mildew'],
  'downy-mildew': ['Mildew'],
  'citrus-mealybug': ['Mealybug'],
  'caterpillars-loopers': ['Caterpillars', 'Loopers'],
  'sooty-mould': ['Sooty mold'],
  'chilling-injury': ['Cold damage'],
  'overwatering-edema': ['Edema', 'Oedema'],
};
