import { LABEL, type LibraryProblem } from './plant-problem-types.js';

/** Fungal (and fungus-like oomycete), bacterial and viral diseases of greenhouse and indoor crops. */
export const DISEASES: LibraryProblem[] = [
  {
    slug: 'powdery-mildew', name: 'Powdery mildew', category: 'fungal', defaultColor: '#FFFFDD',
    description: 'Obligate fungi such as Podosphaera xanthii (cucurbits), Golovinomyces spp. (many ornamentals, cannabis) and Leveillula taurica (tomato, pepper); spores need no free water and spread in moderate humidity with dry leaves.',
    symptoms: 'White powdery patches on upper leaf surfaces and stems that spread and merge; leaves yellow, curl and die; on Leveillula yellow spots above and sparse white growth below.',
    symptomKeys: ['leaf-powdery-coating', 'leaf-yellow-old', 'leaf-curling'], colors: ['white-powder', 'yellowing'],
    solutions: {
      cultural: ['Keep relative humidity steady (avoid swings) and improve air movement with horizontal airflow fans.', 'Space plants, remove infected leaves early and grow resistant cultivars.', 'Inspect undersides and lower canopy weekly in susceptible crops.'],
      biological: ['Bacillus subtilis, B. amyloliquefaciens or Ampelomyces quisqualis products applied preventively.', 'Potassium bicarbonate, plant extracts (Reynoutria sachalinensis) or horticultural oils as low-risk options.'],
      chemical: ['Sulphur (vaporised or sprayed, where the crop and biocontrols tolerate it), DMI fungicides (for example myclobutanil, triflumizole), QoI strobilurins, SDHIs or quinoxyfen where registered.', LABEL],
    },
  },
  {
    slug: 'botrytis-grey-mould', name: 'Botrytis grey mould', category: 'fungal', defaultColor: '#556677',
    description: 'Botrytis cinerea, a ubiquitous fungus infecting flowers, wounds and senescing tissue in cool, humid conditions with free water on plants; spores are produced in huge numbers.',
    symptoms: 'Grey-brown fuzzy spore masses on flowers, leaves and stems, tan water-soaked lesions, stem cankers at pruning wounds, rotting buds.',
    symptomKeys: ['leaf-fuzzy-growth', 'stem-grey-mould', 'flower-rot', 'stem-lesions'], colors: ['grey-fuzz', 'browning'],
    solutions: {
      cultural: ['Avoid condensation: ventilate and heat together at dusk, keep humidity below about 85% and leaves dry.', 'Remove dead flowers, leaves and crop debris in closed bags; prune cleanly close to the stem.', 'Space plants for airflow; water early in the day.'],
      biological: ['Trichoderma spp., Bacillus amyloliquefaciens or Gliocladium (Clonostachys rosea) products applied preventively.'],
      chemical: ['Fludioxonil, cyprodinil, fenhexamid, boscalid, iprodione or chlorothalonil where registered; Botrytis resists fungicides readily.', LABEL],
    },
  },
  {
    slug: 'pythium-root-rot', name: 'Pythium root rot', category: 'fungal', defaultColor: '#331111',
    description: 'Pythium spp., oomycetes (water moulds, fungus-like rather than true fungi) that thrive in waterlogged media and warm nutrient solutions; spread by water, fungus gnats and shore flies.',
    symptoms: 'Brown, soft roots whose outer layer slips off and leaves the inner strand, few white root tips, wilting in the heat of the day, stunting and yellow lower leaves.',
    symptomKeys: ['root-brown-mushy', 'root-few-tips', 'plant-wilt-wet', 'plant-stunted'], colors: ['browning', 'yellowing'],
    solutions: {
      cultural: ['Use well-drained media, avoid overwatering and high soluble salts that injure roots.', 'Keep nutrient solution below about 24 °C with good oxygen; disinfect recirculated water (UV, ozone, slow sand filtration).', 'Clean and disinfect benches, trays and irrigation lines; control fungus gnats and shore flies.'],
      biological: ['Trichoderma harzianum, Streptomyces griseoviridis, Gliocladium or Bacillus products incorporated preventively.'],
      chemical: ['Oomycete fungicides such as mefenoxam/metalaxyl, etridiazole, propamocarb, cyazofamid or fosetyl-aluminium as drenches where registered.', LABEL],
    },
  },
  {
    slug: 'phytophthora-root-crown-rot', name: 'Phytophthora root and crown rot', category: 'fungal', defaultColor: '#442233',
    description: 'Phytophthora spp., oomycetes that rot roots and the crown in wet, poorly drained media; swimming zoospores spread in irrigation water.',
    symptoms: 'Dark brown to black rot of roots and stem base, wilting that does not recover with watering, yellowing and collapse of the plant.',
    symptomKeys: ['stem-base-rot', 'root-brown-mushy', 'plant-wilt-wet'], colors: ['browning', 'yellowing'],
    solutions: {
      cultural: ['Plant in clean media at the right depth; keep crowns dry and avoid overwatering.', 'Do not reuse pots or media from affected crops without disinfection; treat recirculated water.', 'Discard infected plants promptly.'],
      biological: ['Trichoderma or Streptomyces products applied preventively to media.'],
      chemical: ['Mefenoxam, fosetyl-aluminium or phosphorous acid, dimethomorph, mandipropamid or cyazofamid where registered.', LABEL],
    },
  },
  {
    slug: 'fusarium-wilt', name: 'Fusarium wilt', category: 'fungal', defaultColor: '#661199',
    description: 'Fusarium oxysporum formae speciales, host-specific soil- and media-borne fungi that invade roots and block the water-conducting vessels; favoured by warm temperatures.',
    symptoms: 'Yellowing and wilting often on one side of the plant or one side of a leaf, brown vascular streaks when the stem is cut, stunting and death.',
    symptomKeys: ['plant-one-sided', 'stem-vascular', 'plant-wilt-wet', 'leaf-yellow-old'], colors: ['yellowing', 'browning'],
    solutions: {
      cultural: ['Grow resistant cultivars or grafted rootstocks; use pathogen-free propagation material.', 'Steam or replace media; disinfect tools, trays and benches; avoid root injury.', 'Rogue infected plants with their media; a slightly higher pH and nitrate rather than ammonium nitrogen reduce disease.'],
      biological: ['Non-pathogenic Fusarium (Fo47), Trichoderma or Streptomyces griseoviridis products applied preventively.'],
      chemical: ['No curative treatment; preventive drenches such as fludioxonil or thiophanate-methyl where registered.', LABEL],
    },
  },
  {
    slug: 'verticillium-wilt', name: 'Verticillium wilt', category: 'fungal', defaultColor: '#551177',
    description: 'Verticillium dahliae and V. albo-atrum, vascular fungi persisting for years in soil as microsclerotia; favoured by cooler temperatures than Fusarium.',
    symptoms: 'V-shaped yellowing at leaf margins, wilting of lower leaves in the day, brown vascular discolouration, stunting.',
    symptomKeys: ['plant-one-sided', 'stem-vascular', 'leaf-yellow-old', 'plant-stunted'], colors: ['yellowing', 'tan-necrosis'],
    solutions: {
      cultural: ['Use resistant cultivars or rootstocks, soilless or steamed media, and clean propagation material.', 'Remove infected plants with their roots; avoid rotations with susceptible crops in soil-grown houses.'],
      biological: ['Trichoderma or Bacillus products as preventive media amendments.'],
      chemical: ['No curative fungicides; soil fumigation or steaming where permitted.', LABEL],
    },
  },
  {
    slug: 'downy-mildew', name: 'Downy mildew', category: 'fungal', defaultColor: '#6644CC',
    description: 'Oomycetes such as Peronospora spp. (basil, impatiens, roses), Pseudoperonospora cubensis (cucumber) and Bremia lactucae (lettuce); they need leaf wetness and high humidity and spread fast.',
    symptoms: 'Angular yellow patches bounded by veins on upper surfaces, grey to purple downy sporulation on the underside (best seen in the morning), browning and leaf drop.',
    symptomKeys: ['leaf-downy-underside', 'leaf-spots', 'leaf-drop'], colors: ['yellowing', 'purple'],
    solutions: {
      cultural: ['Avoid leaf wetness: ventilate, heat at night, water in the morning, and keep humidity below 85%.', 'Grow resistant cultivars; remove infected plants at once; start with clean seed.'],
      biological: ['Bacillus amyloliquefaciens or B. subtilis products as preventive partners.'],
      chemical: ['Mandipropamid, fluopicolide, cyazofamid, dimethomorph, phosphonates or mefenoxam where registered, preventively.', LABEL],
    },
  },
  {
    slug: 'damping-off', name: 'Damping-off', category: 'fungal', defaultColor: '#BBAA99',
    description: 'Seedling and cutting death caused by Pythium, Rhizoctonia solani, Fusarium or Phytophthora in warm, wet propagation conditions.',
    symptoms: 'Seeds rot before emergence; seedlings collapse with a thin, water-soaked, pinched stem at the soil line; patches spread across trays.',
    symptomKeys: ['stem-pinched', 'plant-collapse', 'stem-base-rot'], colors: ['water-soaked', 'browning'],
    solutions: {
      cultural: ['Use new or pasteurised propagation media and disinfected trays; sow shallow and not too dense.', 'Avoid overwatering and keep propagation areas well ventilated; do not over-fertilise seedlings.', 'Remove affected trays promptly.'],
      biological: ['Trichoderma harzianum, Streptomyces or Bacillus products mixed into the media before sowing.'],
      chemical: ['Drenches targeted at the pathogen (oomycete products for Pythium; fludioxonil or azoxystrobin for Rhizoctonia) where registered.', LABEL],
    },
  },
  {
    slug: 'alternaria-leaf-spot', name: 'Alternaria leaf spot', category: 'fungal', defaultColor: '#EEBB99',
    description: 'Alternaria spp. (for example A. solani, A. alternata), fungi favoured by warm, humid weather and leaf wetness; common on tomato, brassicas and ornamentals.',
    symptoms: 'Brown to black spots with concentric target rings and a yellow halo, starting on older leaves; lesions on stems and fruit.',
    symptomKeys: ['leaf-target-spots', 'leaf-spots', 'fruit-spots', 'leaf-yellow-old'], colors: ['browning', 'yellowing'],
    solutions: {
      cultural: ['Keep foliage dry; remove infected lower leaves and crop debris.', 'Balanced nutrition (stressed, nitrogen-starved plants are more susceptible); use clean seed.'],
      biological: ['Bacillus subtilis or B. amyloliquefaciens products preventively.'],
      chemical: ['Chlorothalonil, mancozeb, copper, strobilurins, boscalid or difenoconazole where registered.', LABEL],
    },
  },
  {
    slug: 'rust', name: 'Rust', category: 'fungal', defaultColor: '#EE6633',
    description: 'Rust fungi such as Puccinia horiana (chrysanthemum white rust, a quarantine pest in many regions), Puccinia pelargonii-zonalis (geranium rust) and Puccinia antirrhini (snapdragon); spores need hours of leaf wetness to infect.',
    symptoms: 'Pale or yellow spots on upper surfaces with raised orange, brown or white pustules on the underside; pustules release powdery spores; leaves yellow and drop.',
    symptomKeys: ['leaf-pustules', 'leaf-spots', 'leaf-drop'], colors: ['orange-rust', 'yellowing'],
    solutions: {
      cultural: ['Avoid leaf wetness and condensation; buy clean cuttings and inspect them on arrival.', 'Remove and bag infected leaves or plants; report chrysanthemum white rust where required.'],
      biological: ['Bacillus-based products give partial, preventive protection only.'],
      chemical: ['Strobilurins (azoxystrobin, pyraclostrobin), DMI fungicides (myclobutanil, propiconazole) or mancozeb/chlorothalonil as protectants where registered.', LABEL],
    },
  },
  {
    slug: 'sooty-mould', name: 'Sooty mould', category: 'fungal', defaultColor: '#000011',
    description: 'Dark saprophytic fungi (Capnodium, Cladosporium and others) growing on honeydew from aphids, whiteflies, mealybugs and scales; they do not infect the plant but block light.',
    symptoms: 'Black, sooty coating on leaves, stems and fruit that can be wiped off; always with honeydew-producing insects nearby.',
    symptomKeys: ['plant-sooty', 'leaf-honeydew'], colors: ['black-sooty'],
    solutions: {
      cultural: ['Control the honeydew producer (aphids, whiteflies, mealybugs, soft scales).', 'Wash off light coatings with water or a mild soap solution.'],
      biological: ['Biological control of the insect source (Aphidius, Encarsia, Cryptolaemus, Metaphycus).'],
      chemical: ['No fungicide needed; treat the insect pest.', LABEL],
    },
  },
  {
    slug: 'bacterial-leaf-spot', name: 'Bacterial leaf spot', category: 'bacterial', defaultColor: '#BBDD77',
    description: 'Xanthomonas spp. and Pseudomonas syringae pathovars, spread by splashing water, hands and tools, and entering through stomata and wounds in warm, wet conditions.',
    symptoms: 'Small, water-soaked, angular spots limited by veins that turn brown or black, often with a yellow halo; spots merge into blight; fruit spots.',
    symptomKeys: ['leaf-water-soaked', 'leaf-spots', 'fruit-spots'], colors: ['water-soaked', 'browning'],
    solutions: {
      cultural: ['Use clean seed and cuttings; avoid overhead irrigation and working among wet plants.', 'Disinfect tools and hands; remove infected plants and debris.', 'Lower humidity and space plants.'],
      biological: ['Bacillus subtilis, B. amyloliquefaciens or bacteriophage products as protectants.'],
      chemical: ['Copper compounds (with or without mancozeb) or acibenzolar-S-methyl as protectants where registered; there is no cure once infected.', LABEL],
    },
  },
  {
    slug: 'bacterial-soft-rot', name: 'Bacterial soft rot', category: 'bacterial', defaultColor: '#BBFFAA',
    description: 'Pectobacterium (formerly Erwinia) and Dickeya spp., bacteria that dissolve plant tissue through wounds in warm, wet conditions; common in cuttings, calla, orchids, succulents and vegetables.',
    symptoms: 'Soft, slimy, water-soaked decay of stems, bases, cuttings or storage organs with a foul smell; rapid collapse.',
    symptomKeys: ['stem-slimy', 'stem-base-rot', 'plant-collapse'], colors: ['water-soaked', 'browning'],
    solutions: {
      cultural: ['Avoid wounding and high temperatures with free water; keep cuttings cool and dry on the surface.', 'Discard rotting plants immediately; disinfect knives between stock plants.', 'Reduce nitrogen excess; keep calcium adequate.'],
      biological: ['Bacillus-based protectants give limited protection.'],
      chemical: ['Disinfect surfaces and tools (quaternary ammonium, peroxides); copper sprays only protect healthy tissue.', LABEL],
    },
  },
  {
    slug: 'bacterial-canker', name: 'Bacterial canker', category: 'bacterial', defaultColor: '#DDCC55',
    description: 'Clavibacter michiganensis, a seed-borne bacterium of tomato spread by pruning, de-leafing and other handling; a regulated pathogen in many countries.',
    symptoms: 'Wilting and browning of leaflets on one side of a leaf, yellow-brown streaks and cankers on stems, bird\'s-eye spots (white halo, brown centre) on fruit.',
    symptomKeys: ['plant-one-sided', 'stem-lesions', 'fruit-spots', 'leaf-edge-scorch'], colors: ['browning', 'tan-necrosis'],
    solutions: {
      cultural: ['Use certified, treated seed and clean transplants.', 'Disinfect tools and hands between rows; work infected areas last; remove infected plants and neighbours.', 'Clean and disinfect the greenhouse thoroughly between crops.'],
      biological: ['No reliable biological cure; Bacillus protectants reduce spread on foliage.'],
      chemical: ['Copper sprays reduce secondary spread only.', LABEL],
    },
  },
  {
    slug: 'tomato-spotted-wilt-virus', name: 'Tomato spotted wilt virus (TSWV)', category: 'viral', defaultColor: '#880055',
    description: 'An orthotospovirus with a very wide host range (over 1,000 species), transmitted persistently by thrips, mainly western flower thrips; thrips acquire it as larvae.',
    symptoms: 'Ring spots, line patterns, bronzing and necrotic spots on leaves, stunted growth, dieback of tips, chlorotic rings or blotches on fruit.',
    symptomKeys: ['leaf-ring-spots', 'leaf-spots', 'fruit-spots', 'plant-dieback'], colors: ['bronzing', 'mottling'],
    solutions: {
      cultural: ['Control thrips rigorously; remove weeds and infected plants at once (no cure).', 'Do not grow ornamentals and vegetables together; screen vents; use resistant cultivars (for example Sw-5 tomato, Tsw pepper).', 'Confirm with an ELISA or lateral-flow test.'],
      biological: ['Biological thrips control (Amblyseius swirskii, Neoseiulus cucumeris, Orius spp.) to prevent spread.'],
      chemical: ['No chemical cure for the virus; insecticides only against the thrips vector.', LABEL],
    },
  },
  {
    slug: 'impatiens-necrotic-spot-virus', name: 'Impatiens necrotic spot virus (INSV)', category: 'viral', defaultColor: '#770066',
    description: 'An orthotospovirus related to TSWV, transmitted by western flower thrips; common in ornamentals (impatiens, begonia, cyclamen) and increasingly in lettuce and other vegetables.',
    symptoms: 'Brown, black or purple necrotic spots and rings, stem lesions, yellow mottling and stunted plants; symptoms vary widely by host.',
    symptomKeys: ['leaf-ring-spots', 'leaf-spots', 'stem-lesions', 'plant-stunted'], colors: ['purple', 'browning'],
    solutions: {
      cultural: ['Control thrips; discard symptomatic plants and weeds; test suspect plants (ELISA, lateral-flow).', 'Use petunia or fava-bean indicator plants with blue cards to detect virus-carrying thrips.'],
      biological: ['Biological thrips control (Amblyseius swirskii, Neoseiulus cucumeris, Orius spp.).'],
      chemical: ['No cure; treat the thrips vector only.', LABEL],
    },
  },
  {
    slug: 'tobamoviruses-tmv-tobrfv', name: 'Tobamoviruses (TMV, ToMV, ToBRFV)', category: 'viral', defaultColor: '#994499',
    description: 'Tobacco mosaic virus, tomato mosaic virus and tomato brown rugose fruit virus: very stable viruses spread by hands, tools, clothing, seed and plant sap, surviving for months on surfaces; ToBRFV breaks the Tm-2² resistance and is regulated in many regions.',
    symptoms: 'Mosaic and mottling, narrowed or blistered leaves, yellow or brown patches and wrinkled (rugose) fruit with uneven colour.',
    symptomKeys: ['leaf-mosaic', 'leaf-distorted-new', 'fruit-deformed', 'fruit-spots'], colors: ['mottling', 'yellowing'],
    solutions: {
      cultural: ['Strict hygiene: gloves changed often, hand washing, disinfected tools and footbaths; no tobacco products in the greenhouse.', 'Use tested seed and plants; remove infected plants and their neighbours in sealed bags.', 'Disinfect surfaces with products proven against tobamoviruses (for example Virkon S or skim milk dips for hands and tools).'],
      biological: ['No biological control; mild-strain cross-protection exists for some tobamoviruses where authorised.'],
      chemical: ['No cure; disinfectants for hygiene only.', LABEL],
    },
  },
  {
    slug: 'cucumber-mosaic-virus', name: 'Cucumber mosaic virus (CMV)', category: 'viral', defaultColor: '#EE55CC',
    description: 'A cucumovirus with a very wide host range, transmitted non-persistently by more than 80 aphid species within seconds of probing, so insecticides do not stop it.',
    symptoms: 'Light and dark green mosaic, distorted and narrowed (shoestring) leaves, stunting, and mottled or deformed fruit.',
    symptomKeys: ['leaf-mosaic', 'leaf-distorted-new', 'plant-stunted', 'fruit-deformed'], colors: ['mottling', 'pale-green'],
    solutions: {
      cultural: ['Keep aphids out with screening and start with clean plants; remove weeds that host the virus.', 'Rogue infected plants; grow resistant cultivars where available.'],
      biological: ['Preventive biological aphid control (Aphidius colemani, Aphidoletes aphidimyza).'],
      chemical: ['No cure; mineral oils can reduce non-persistent transmission; treat aphid colonies.', LABEL],
    },
  },
  {
    slug: 'hop-latent-viroid', name: 'Hop latent viroid (HLVd)', category: 'viral', defaultColor: '#330033',
    description: 'A viroid (a small infectious RNA, not a virus) spread mechanically by cutting tools, handling and propagation from infected mothers; a major problem of cannabis and hop.',
    symptoms: 'Stunted, brittle plants with smaller, narrower leaves, reduced root mass and poor flower development ("dudding"); many infected plants show no symptoms.',
    symptomKeys: ['plant-stunted', 'leaf-small', 'root-few-tips', 'flower-drop'], colors: ['pale-green'],
    solutions: {
      cultural: ['Test mother plants by RT-PCR and propagate only from negative stock; meristem culture cleans lines.', 'Disinfect blades between plants (10% bleach or other proven products); discard positive plants.'],
      biological: ['No biological control.'],
      chemical: ['No cure; hygiene disinfectants only.', LABEL],
    },
  },
];
