import { LABEL, type LibraryProblem } from './plant-problem-types.js';

/** Insect and mite pests of greenhouse and indoor crops. */
export const PESTS: LibraryProblem[] = [
  {
    slug: 'two-spotted-spider-mite', name: 'Two-spotted spider mite', category: 'mite', defaultColor: '#DD3333',
    description: 'Tetranychus urticae, a polyphagous mite that thrives in warm, dry conditions; a generation takes about a week at 27 °C, so populations explode quickly.',
    symptoms: 'Fine yellow-white stippling on the upper leaf surface, mites and round eggs on the underside, fine webbing on leaves and growing tips in heavy infestations; leaves bronze, dry and drop.',
    symptomKeys: ['leaf-stippling', 'bug-mites-webbing', 'leaf-drop'], colors: ['yellowing', 'bronzing'],
    solutions: {
      cultural: ['Scout leaf undersides weekly with a hand lens, focusing on hot spots near heaters, vents and walkways.', 'Raise relative humidity where the crop allows; avoid water and heat stress.', 'Remove heavily infested leaves or plants and clear weeds that host mites.'],
      biological: ['Release Phytoseiulus persimilis on hot spots (specialist predator, best at 20–27 °C and RH above 60%).', 'Use Neoseiulus californicus or Amblyseius andersoni preventively; they tolerate warmer, drier conditions.', 'Feltiella acarisuga (predatory midge) to support hot-spot control.'],
      chemical: ['Selective miticides such as abamectin, bifenazate, acequinocyl, etoxazole, spiromesifen or hexythiazox (ovicide/larvicide).', 'Horticultural oil or insecticidal soap for spot treatment, with full coverage of leaf undersides.', LABEL],
    },
  },
  {
    slug: 'broad-mite', name: 'Broad mite', category: 'mite', defaultColor: '#AA1111',
    description: 'Polyphagotarsonemus latus, a microscopic tarsonemid mite (about 0.2 mm) that feeds on the youngest tissue; its toxic saliva distorts growth long before mites are noticed.',
    symptoms: 'Twisted, cupped, shiny or leathery new leaves, bronzed growing tips, stunted shoots and aborted flowers; mites are invisible without 20× magnification or a microscope.',
    symptomKeys: ['leaf-distorted-new', 'leaf-curling', 'bug-microscopic', 'plant-dieback'], colors: ['bronzing'],
    solutions: {
      cultural: ['Quarantine and inspect incoming cuttings and mother plants under a microscope.', 'Discard badly damaged plants; bag them before carrying them through the greenhouse.', 'Keep workers from moving from infested to clean areas (mites travel on clothing and whiteflies).'],
      biological: ['Amblyseius swirskii or Neoseiulus cucumeris released on young growth.', 'Neoseiulus californicus in warm crops.'],
      chemical: ['Abamectin, spiromesifen, fenpyroximate or pyridaben where registered.', 'Sulphur or horticultural oil where the crop tolerates it.', LABEL],
    },
  },
  {
    slug: 'russet-mite', name: 'Russet mite', category: 'mite', defaultColor: '#CC3344',
    description: 'Eriophyid mites such as the tomato russet mite (Aculops lycopersici) and hemp russet mite (Aculops cannabicola): tiny, carrot-shaped mites that build up in huge numbers before damage shows.',
    symptoms: 'Bronzed, greasy or russeted stems and leaf undersides starting low on the plant, upward leaf curling, brittle leaves that dry and drop; russeted, cracked fruit.',
    symptomKeys: ['stem-russet', 'leaf-curling', 'fruit-russet', 'bug-microscopic'], colors: ['bronzing', 'browning'],
    solutions: {
      cultural: ['Inspect the lower stems with a 20× lens or microscope; mark and monitor infested plants.', 'Remove and bag infested plants and crop debris; clean between crops.', 'Do not propagate from infested mother plants.'],
      biological: ['Amblyseius swirskii or Neoseiulus californicus (partial control); Pronematus ubiquitus shows promise in tomato.'],
      chemical: ['Sulphur (dust or wettable, where the crop tolerates it), abamectin or spiromesifen where registered.', LABEL],
    },
  },
  {
    slug: 'cyclamen-mite', name: 'Cyclamen mite', category: 'mite', defaultColor: '#AA1155',
    description: 'Phytonemus pallidus, a tarsonemid mite that hides in buds and unfolding leaves of cyclamen, begonia, gerbera, strawberry and other crops; prefers cool, humid conditions.',
    symptoms: 'Crinkled, stunted, thickened new leaves, streaked or deformed flowers, buds that fail to open; mites visible only under a microscope.',
    symptomKeys: ['leaf-distorted-new', 'flower-streaks', 'bug-microscopic'], colors: ['bronzing'],
    solutions: {
      cultural: ['Buy clean stock and inspect buds under a microscope.', 'Remove and destroy infested plants; avoid handling clean plants after infested ones.'],
      biological: ['Neoseiulus cucumeris or Amblyseius swirskii released preventively on young plants.'],
      chemical: ['Abamectin, fenpyroximate or spiromesifen where registered; thorough coverage of buds.', LABEL],
    },
  },
  {
    slug: 'western-flower-thrips', name: 'Western flower thrips', category: 'insect', defaultColor: '#EE7700',
    description: 'Frankliniella occidentalis, a tiny (1–2 mm) slender insect feeding on leaves and flowers; it pupates in the medium, resists many insecticides and transmits TSWV and INSV.',
    symptoms: 'Silvery scars with black faecal specks on leaves, streaked and deformed flowers, distorted new growth; adults in open flowers and on blue or yellow sticky cards.',
    symptomKeys: ['leaf-silver-streaks', 'flower-streaks', 'leaf-distorted-new', 'bug-thrips'], colors: ['silvering'],
    solutions: {
      cultural: ['Monitor with blue or yellow sticky cards (one per 100–300 m²) and by tapping flowers over white paper.', 'Remove weeds and old flowers; screen vents; start each crop clean.', 'Keep an empty period between crops so pupae in the floor and media die out.'],
      biological: ['Amblyseius (Neoseiulus) cucumeris or Amblyseius swirskii in sachets or bulk, released preventively.', 'Soil-dwelling predators (Stratiolaelaps scimitus, Dalotia coriaria) and Steinernema feltiae nematodes against pupae.', 'Orius spp. (minute pirate bugs) in flowering crops; Beauveria bassiana or Metarhizium as biopesticides.'],
      chemical: ['Spinosad or spinetoram, abamectin, chlorfenapyr, cyantraniliprole or pyridalyl where registered, rotated between generations.', LABEL],
    },
  },
  {
    slug: 'green-peach-aphid', name: 'Green peach aphid', category: 'insect', defaultColor: '#55AA66',
    description: 'Myzus persicae, a green to pink aphid that reproduces asexually in the greenhouse (a colony can double in days) and transmits many viruses.',
    symptoms: 'Colonies on new growth and leaf undersides, curled or distorted leaves, sticky honeydew and sooty mould, white cast skins on leaves.',
    symptomKeys: ['bug-aphids', 'leaf-curling', 'leaf-honeydew', 'plant-sooty'], colors: ['yellowing', 'black-sooty'],
    solutions: {
      cultural: ['Inspect growing tips weekly; yellow sticky cards catch winged adults.', 'Avoid excess nitrogen, which boosts aphid reproduction.', 'Remove weeds and volunteer plants; screen vents.'],
      biological: ['Aphidius colemani (parasitoid wasp), released preventively; banker plants (cereals with bird-cherry oat aphid) sustain it.', 'Aphidoletes aphidimyza (predatory midge), Chrysoperla lacewing larvae or ladybirds for hot spots.', 'Entomopathogenic fungi such as Beauveria bassiana.'],
      chemical: ['Flonicamid, pymetrozine, afidopyropen, spirotetramat or insecticidal soap/oil where registered.', LABEL],
    },
  },
  {
    slug: 'cotton-melon-aphid', name: 'Cotton/melon aphid', category: 'insect', defaultColor: '#116611',
    description: 'Aphis gossypii, a small aphid ranging from pale yellow to dark green; common in cucurbits, chrysanthemum and many ornamentals, and a vector of cucumber mosaic virus.',
    symptoms: 'Dense colonies on leaf undersides and tips, curled and yellowed leaves, heavy honeydew and sooty mould, stunted plants.',
    symptomKeys: ['bug-aphids', 'leaf-curling', 'leaf-honeydew', 'plant-stunted'], colors: ['yellowing', 'black-sooty'],
    solutions: {
      cultural: ['Scout new growth and leaf undersides weekly; flag infested plants.', 'Moderate nitrogen; remove weeds and crop residues.'],
      biological: ['Aphidius colemani parasitoids (specific to A. gossypii and M. persicae), ideally with banker plants.', 'Aphidoletes aphidimyza, lacewing larvae or Adalia bipunctata for colonies.'],
      chemical: ['Flonicamid, pymetrozine, afidopyropen or spirotetramat; insecticidal soap or oil for spot treatment.', LABEL],
    },
  },
  {
    slug: 'greenhouse-whitefly', name: 'Greenhouse whitefly', category: 'insect', defaultColor: '#99AABB',
    description: 'Trialeurodes vaporariorum, a sap-feeding insect common in tomato, cucumber, poinsettia and ornamentals; nymphs sit immobile on leaf undersides.',
    symptoms: 'White adults that fly up when plants are disturbed, scale-like nymphs on leaf undersides, honeydew, sooty mould and yellowing leaves.',
    symptomKeys: ['bug-whiteflies', 'leaf-honeydew', 'plant-sooty', 'leaf-yellow-old'], colors: ['yellowing', 'black-sooty'],
    solutions: {
      cultural: ['Yellow sticky cards at crop height to monitor and mass-trap adults.', 'Start with clean plants, remove weeds, and clear old crops before planting.'],
      biological: ['Encarsia formosa (parasitoid wasp), released weekly from the first catches.', 'Eretmocerus eremicus, Macrolophus pygmaeus (tomato) or Amblyseius swirskii.', 'Beauveria bassiana or Isaria fumosorosea sprays at high humidity.'],
      chemical: ['Pyriproxyfen, buprofezin (insect growth regulators), spiromesifen, flonicamid, cyantraniliprole or insecticidal soap/oil where registered.', LABEL],
    },
  },
  {
    slug: 'silverleaf-whitefly', name: 'Silverleaf whitefly', category: 'insect', defaultColor: '#778899',
    description: 'Bemisia tabaci (including biotype B, B. argentifolii, and Q), holding its wings tent-like over the body; more insecticide-resistant than the greenhouse whitefly and a vector of begomoviruses such as TYLCV.',
    symptoms: 'Whiteflies on leaf undersides, honeydew and sooty mould, silvering of squash leaves, irregular ripening of tomato, yellowing and leaf drop.',
    symptomKeys: ['bug-whiteflies', 'leaf-honeydew', 'plant-sooty', 'leaf-drop'], colors: ['silvering', 'yellowing'],
    solutions: {
      cultural: ['Yellow sticky cards; inspect incoming plants (notably poinsettia) closely.', 'Insect-proof screening, weed control and a crop-free period.'],
      biological: ['Eretmocerus eremicus or E. mundus (parasitoids) and Amblyseius swirskii.', 'Beauveria bassiana or Isaria fumosorosea sprays.'],
      chemical: ['Pyriproxyfen, buprofezin, spiromesifen, spirotetramat, cyantraniliprole or flonicamid where registered; test for resistance of Q-biotype populations.', LABEL],
    },
  },
  {
    slug: 'fungus-gnats', name: 'Fungus gnats', category: 'insect', defaultColor: '#553333',
    description: 'Bradysia spp., small dark flies whose larvae live in moist growing media, feeding on organic matter, root hairs and young roots; they spread root-rot pathogens.',
    symptoms: 'Small dark flies running over the medium and flying up weakly, clear-headed (black head capsule) larvae in the top layer of the medium, wilting and stunted cuttings and seedlings.',
    symptomKeys: ['bug-gnats', 'plant-stunted', 'root-few-tips', 'plant-collapse'], colors: ['pale-green'],
    solutions: {
      cultural: ['Avoid overwatering; let the surface of the medium dry between irrigations.', 'Use well-aerated, composted media; remove spilled media and algae under benches.', 'Monitor adults with yellow sticky cards laid just above the medium and larvae with potato slices.'],
      biological: ['Steinernema feltiae nematodes drenched into the medium.', 'Bacillus thuringiensis subsp. israelensis (Bti) drench against larvae.', 'Stratiolaelaps scimitus (Hypoaspis miles) or Dalotia coriaria (rove beetle) as resident predators.'],
      chemical: ['Insect growth regulators such as pyriproxyfen, diflubenzuron or cyromazine as drenches where registered.', LABEL],
    },
  },
  {
    slug: 'shore-flies', name: 'Shore flies', category: 'insect', defaultColor: '#663322',
    description: 'Scatella spp. (mainly Scatella stagnalis), stout dark flies breeding in algae on wet media, floors and benches; larvae feed on algae, not roots, but adults soil foliage with faecal spots and spread pathogens.',
    symptoms: 'Robust dark flies with short antennae and pale wing spots resting on leaves and media; green algal films; black faecal specks on leaves.',
    symptomKeys: ['bug-shore-flies', 'root-algae'], colors: ['dark-green'],
    solutions: {
      cultural: ['Reduce algae: avoid overwatering, fix leaks and puddles, keep benches and floors dry, and clean with an algaecide or disinfectant.', 'Use coarser, well-drained media and reduce fertilizer runoff onto surfaces.', 'Monitor with yellow sticky cards.'],
      biological: ['Dalotia coriaria (rove beetle) and Steinernema carpocapsae nematodes give partial control.'],
      chemical: ['Cyromazine or pyriproxyfen where registered; approved algaecides (for example quaternary ammonium or hydrogen dioxide products) on surfaces.', LABEL],
    },
  },
  {
    slug: 'leafminers', name: 'Leafminers', category: 'insect', defaultColor: '#EEBB22',
    description: 'Liriomyza spp. (L. trifolii, L. huidobrensis, L. sativae), small agromyzid flies whose larvae tunnel between the leaf surfaces of chrysanthemum, gerbera, tomato, lettuce and many other crops.',
    symptoms: 'Serpentine or blotch mines in leaves, white feeding and egg-laying punctures from adult females, small black-and-yellow flies.',
    symptomKeys: ['leaf-mines', 'bug-leafminer-adults', 'leaf-stippling'], colors: ['tan-necrosis'],
    solutions: {
      cultural: ['Yellow sticky cards for adults; remove and destroy mined leaves early.', 'Clear weeds and crop debris; screen vents; keep the floor covered so pupae cannot develop.'],
      biological: ['Diglyphus isaea (ectoparasitoid) and Dacnusa sibirica (endoparasitoid) released from the first mines.', 'Steinernema feltiae sprays against larvae in mines.'],
      chemical: ['Cyromazine, abamectin, spinosad or cyantraniliprole where registered.', LABEL],
    },
  },
  {
    slug: 'citrus-mealybug', name: 'Mealybugs', category: 'insect', defaultColor: '#DDDDFF',
    description: 'Citrus mealybug (Planococcus citri) and relatives: waxy, slow-moving insects that hide in leaf axils, under bark and on roots; hard to reach with sprays.',
    symptoms: 'White cottony masses in leaf axils and on stems, honeydew and sooty mould, yellowing and stunting.',
    symptomKeys: ['bug-mealy', 'leaf-honeydew', 'plant-sooty', 'plant-stunted'], colors: ['white-powder', 'black-sooty'],
    solutions: {
      cultural: ['Inspect new plants and stock plants; discard heavily infested plants.', 'Clean benches and pots between crops; control ants that tend mealybugs.'],
      biological: ['Cryptolaemus montrouzieri (mealybug destroyer) for colonies.', 'Leptomastix dactylopii (parasitoid of citrus mealybug) and lacewing larvae.'],
      chemical: ['Spirotetramat, flupyradifurone, buprofezin or insecticidal soap/oil where registered; repeat applications reach crawlers.', LABEL],
    },
  },
  {
    slug: 'soft-scale', name: 'Soft scale', category: 'insect', defaultColor: '#998877',
    description: 'Brown soft scale (Coccus hesperidum) and other soft scales: females sit immobile under a waxy shell on stems and leaf veins; only crawlers move.',
    symptoms: 'Flat brown or tan oval bumps along veins and stems, abundant honeydew, sooty mould, yellowing and dieback.',
    symptomKeys: ['bug-scale', 'leaf-honeydew', 'plant-sooty', 'plant-dieback'], colors: ['browning', 'black-sooty'],
    solutions: {
      cultural: ['Inspect stock plants; prune out infested shoots; wipe or scrub light infestations.', 'Control ants; discard heavily infested plants.'],
      biological: ['Metaphycus helvolus (parasitoid wasp) and Chilocorus or Rhyzobius ladybirds.'],
      chemical: ['Horticultural oil or insecticidal soap timed to crawlers; spirotetramat, buprofezin or pyriproxyfen where registered.', LABEL],
    },
  },
  {
    slug: 'caterpillars-loopers', name: 'Caterpillars and loopers', category: 'insect', defaultColor: '#88BB55',
    description: 'Larvae of moths such as the cabbage looper (Trichoplusia ni), tomato looper (Chrysodeixis chalcites) and beet armyworm (Spodoptera exigua); adults enter through vents at night.',
    symptoms: 'Chewed holes and ragged leaf edges, skeletonised leaves, green caterpillars (loopers arch their bodies as they move), dark frass pellets, bored fruit.',
    symptomKeys: ['leaf-holes', 'bug-caterpillars', 'fruit-deformed'], colors: ['tan-necrosis'],
    solutions: {
      cultural: ['Screen vents; monitor adults with pheromone traps.', 'Hand-pick caterpillars and remove egg masses in small infestations.'],
      biological: ['Bacillus thuringiensis subsp. kurstaki or aizawai against young larvae.', 'Trichogramma egg parasitoids; nucleopolyhedrovirus products (for example for Spodoptera or Helicoverpa).'],
      chemical: ['Spinosad, chlorantraniliprole, emamectin benzoate, indoxacarb or methoxyfenozide where registered.', LABEL],
    },
  },
];
