/**
 * The symptom vocabulary of the plant-problem library: groups a scout recognises first (where on the
 * plant), the symptoms in them, and the colour symptoms with the swatch the filter screen shows.
 * Keys are stable references for the problem data; names are what users read.
 */
export const SYMPTOM_GROUPS = [
  ['Leaves', 'What the leaves show: spots, colour changes, damage, coatings.'],
  ['Stems', 'Lesions, rots and discolouration of stems and the stem base.'],
  ['Roots', 'Root colour, texture and the growing medium around them.'],
  ['Flowers/Fruit', 'Buds, flowers and fruit: spots, rots, deformities, drop.'],
  ['Whole plant', 'How the whole plant looks: wilting, stunting, collapse, coatings.'],
  ['Insects visible', 'Pests you can see with the eye or a 10× hand lens.'],
] as const;

export type SymptomGroupName = (typeof SYMPTOM_GROUPS)[number][0];

export const SYMPTOMS = {
  'leaf-stippling': ['Leaves', 'Fine pale stippling or speckling'],
  'leaf-silver-streaks': ['Leaves', 'Silvery streaks or scars with black specks'],
  'leaf-curling': ['Leaves', 'Curling, cupping or twisting'],
  'leaf-distorted-new': ['Leaves', 'Distorted, puckered or stunted new leaves'],
  'leaf-honeydew': ['Leaves', 'Sticky honeydew on leaves'],
  'leaf-mines': ['Leaves', 'Winding tunnels (mines) inside the leaf'],
  'leaf-holes': ['Leaves', 'Chewed holes or ragged edges'],
  'leaf-spots': ['Leaves', 'Spots or lesions'],
  'leaf-target-spots': ['Leaves', 'Spots with concentric (target) rings'],
  'leaf-water-soaked': ['Leaves', 'Water-soaked, greasy-looking spots'],
  'leaf-ring-spots': ['Leaves', 'Ring spots or line patterns'],
  'leaf-mosaic': ['Leaves', 'Mosaic of light and dark green'],
  'leaf-powdery-coating': ['Leaves', 'White powdery coating'],
  'leaf-fuzzy-growth': ['Leaves', 'Grey fuzzy growth'],
  'leaf-downy-underside': ['Leaves', 'Grey to purple downy growth on the underside'],
  'leaf-pustules': ['Leaves', 'Raised pustules (orange, brown or white)'],
  'leaf-yellow-old': ['Leaves', 'Yellowing of older (lower) leaves'],
  'leaf-yellow-new': ['Leaves', 'Yellowing of new (upper) leaves'],
  'leaf-interveinal': ['Leaves', 'Interveinal chlorosis (veins stay green)'],
  'leaf-edge-scorch': ['Leaves', 'Scorched or dead leaf edges and tips'],
  'leaf-bleached': ['Leaves', 'Bleached or white patches facing the light'],
  'leaf-blisters': ['Leaves', 'Corky blisters or bumps on the underside'],
  'leaf-drop': ['Leaves', 'Leaf drop'],
  'leaf-small': ['Leaves', 'Small, narrow or rosetted new leaves'],
  'leaf-dark-dull': ['Leaves', 'Dark, dull or bluish-green leaves'],
  'stem-lesions': ['Stems', 'Dark lesions or cankers on stems'],
  'stem-base-rot': ['Stems', 'Dark rot at the stem base'],
  'stem-pinched': ['Stems', 'Thin, pinched stem at the soil line'],
  'stem-vascular': ['Stems', 'Brown streaks inside the stem (vascular browning)'],
  'stem-russet': ['Stems', 'Bronzed or russeted stems'],
  'stem-grey-mould': ['Stems', 'Grey mould on stems, stubs or wounds'],
  'stem-stretch': ['Stems', 'Stretched, weak growth'],
  'stem-slimy': ['Stems', 'Slimy, foul-smelling decay'],
  'root-brown-mushy': ['Roots', 'Brown, mushy roots; outer layer slips off'],
  'root-few-tips': ['Roots', 'Few white root tips'],
  'root-tip-burn': ['Roots', 'Burnt, stunted root tips'],
  'root-algae': ['Roots', 'Algae on the growing medium'],
  'flower-streaks': ['Flowers/Fruit', 'Streaked, flecked or deformed petals'],
  'flower-rot': ['Flowers/Fruit', 'Rotting buds or flowers'],
  'fruit-blossom-end': ['Flowers/Fruit', 'Dark sunken patch at the blossom end of fruit'],
  'fruit-spots': ['Flowers/Fruit', 'Spots, rings or mottling on fruit'],
  'fruit-deformed': ['Flowers/Fruit', 'Deformed, rough or wrinkled fruit'],
  'flower-drop': ['Flowers/Fruit', 'Bud or flower drop, poor fruit set'],
  'fruit-russet': ['Flowers/Fruit', 'Russeted or cracked fruit skin'],
  'plant-wilt-wet': ['Whole plant', 'Wilting although the medium is wet'],
  'plant-wilt-dry': ['Whole plant', 'Wilting when the medium is dry'],
  'plant-stunted': ['Whole plant', 'Stunted, slow growth'],
  'plant-one-sided': ['Whole plant', 'One-sided wilting or yellowing'],
  'plant-collapse': ['Whole plant', 'Seedlings or cuttings collapse'],
  'plant-dieback': ['Whole plant', 'Dieback of shoots or growing tips'],
  'plant-sooty': ['Whole plant', 'Black sooty coating on leaves and stems'],
  'bug-mites-webbing': ['Insects visible', 'Tiny mites, eggs and fine webbing'],
  'bug-microscopic': ['Insects visible', 'Damage but no pest visible without a microscope'],
  'bug-thrips': ['Insects visible', 'Slender, fast-moving thrips in flowers or on leaves'],
  'bug-aphids': ['Insects visible', 'Colonies of soft-bodied aphids; cast white skins'],
  'bug-whiteflies': ['Insects visible', 'Small white flies that rise when the plant is disturbed'],
  'bug-gnats': ['Insects visible', 'Small dark flies over the medium; larvae in it'],
  'bug-shore-flies': ['Insects visible', 'Stout dark flies with pale wing spots near algae'],
  'bug-mealy': ['Insects visible', 'White cottony masses in leaf axils'],
  'bug-scale': ['Insects visible', 'Immobile brown or waxy bumps on stems and leaves'],
  'bug-caterpillars': ['Insects visible', 'Caterpillars and their droppings (frass)'],
  'bug-leafminer-adults': ['Insects visible', 'Small black-and-yellow flies; feeding punctures'],
} as const satisfies Record<string, readonly [SymptomGroupName, string]>;

export type SymptomKey = keyof typeof SYMPTOMS;

/** Colour symptoms with the swatch shown next to them. */
export const COLOR_SYMPTOMS = {
  yellowing: ['Yellowing', '#F2D43D'],
  'pale-green': ['Pale green', '#C5E1A5'],
  browning: ['Browning', '#8D5A2B'],
  'black-sooty': ['Black sooty', '#2B2B2B'],
  'white-powder': ['White powder', '#F4F4EE'],
  'grey-fuzz': ['Grey fuzz', '#9E9E9E'],
  purple: ['Purple', '#7B3F8C'],
  bronzing: ['Bronzing', '#B0723A'],
  silvering: ['Silvering', '#C0C6CC'],
  mottling: ['Mottling', '#9BB56B'],
  'orange-rust': ['Orange rust', '#E0761F'],
  'water-soaked': ['Water-soaked dark green', '#3D5E3A'],
  bleaching: ['Bleaching', '#EDEDE4'],
  'tan-necrosis': ['Tan necrosis', '#C9A66B'],
  'dark-green': ['Dark green', '#1F4D2B'],
  'red-brown': ['Red-brown', '#8E3B2E'],
} as const satisfies Record<string, readonly [string, string]>;

export type ColorSymptomKey = keyof typeof COLOR_SYMPTOMS;
