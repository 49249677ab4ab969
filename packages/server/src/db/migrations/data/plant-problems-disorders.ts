import type { LibraryProblem } from './plant-problem-types.js';

/** Lists for abiotic disorders: "chemical" holds corrective inputs, never pesticides. */
const CHECK_ROOT_ZONE = 'Measure the pH and EC of the feed and of the runoff or a medium extract first: most deficiencies in soilless crops are caused by pH or EC, not by missing nutrients.';

/** Nutrient deficiencies and toxicities, and environmental stress. */
export const DISORDERS: LibraryProblem[] = [
  {
    slug: 'nitrogen-deficiency', name: 'Nitrogen (N) deficiency', category: 'nutrient', defaultColor: '#FFEE77',
    description: 'Nitrogen is mobile in the plant, so shortages show first on older leaves; common with weak feed, heavy leaching or cold root zones.',
    symptoms: 'Uniform pale green to yellow older leaves, starting at the bottom and moving up; small leaves, thin stems, slow growth; sometimes reddish stems.',
    symptomKeys: ['leaf-yellow-old', 'plant-stunted'], colors: ['yellowing', 'pale-green'],
    solutions: {
      cultural: [CHECK_ROOT_ZONE, 'Increase the nitrogen rate or feed frequency; avoid excessive leaching.'],
      biological: ['Compost teas or organic nitrogen sources act slowly; use them only in organic systems.'],
      chemical: ['Nitrate-based fertilizers (calcium nitrate, potassium nitrate) in the feed; a urea or nitrate foliar spray for a quick response.'],
    },
  },
  {
    slug: 'phosphorus-deficiency', name: 'Phosphorus (P) deficiency', category: 'nutrient', defaultColor: '#9977CC',
    description: 'Phosphorus is mobile; deficiency is favoured by cold media (below about 13 °C), high pH and low-P feeds, and shows on older leaves.',
    symptoms: 'Dark, dull or bluish-green leaves, purple or reddish colour on leaf undersides, veins and petioles, stunted growth and delayed flowering.',
    symptomKeys: ['leaf-dark-dull', 'plant-stunted', 'leaf-yellow-old'], colors: ['purple', 'dark-green'],
    solutions: {
      cultural: [CHECK_ROOT_ZONE, 'Warm the root zone; correct the pH to 5.5–6.5.'],
      biological: ['Mycorrhizal inoculants improve phosphorus uptake in soil and organic media.'],
      chemical: ['Monopotassium phosphate (MKP) or monoammonium phosphate in the feed.'],
    },
  },
  {
    slug: 'potassium-deficiency', name: 'Potassium (K) deficiency', category: 'nutrient', defaultColor: '#FFBB77',
    description: 'Potassium is mobile and is needed in large amounts during fruiting; deficiency shows on older and middle leaves and reduces fruit quality.',
    symptoms: 'Yellowing and then brown scorching of leaf margins and tips on older leaves, weak stems, uneven ripening of fruit.',
    symptomKeys: ['leaf-edge-scorch', 'leaf-yellow-old', 'fruit-spots'], colors: ['yellowing', 'tan-necrosis'],
    solutions: {
      cultural: [CHECK_ROOT_ZONE, 'Raise potassium during heavy fruit load; check the K:Ca:Mg balance (excess Ca or Mg competes with K).'],
      biological: ['Not applicable: correct the feed.'],
      chemical: ['Potassium nitrate, potassium sulphate or MKP in the feed.'],
    },
  },
  {
    slug: 'calcium-deficiency', name: 'Calcium (Ca) deficiency', category: 'nutrient', defaultColor: '#CCAA99',
    description: 'Calcium moves only with the transpiration stream and is immobile in the plant, so young and low-transpiring tissue (new leaves, fruit, enclosed heads) suffers; often caused by humidity extremes or high EC rather than low Ca.',
    symptoms: 'Tip burn of young leaves (lettuce, poinsettia bracts), distorted or hooked new leaves, dieback of growing tips, blossom-end rot of tomato and pepper fruit.',
    symptomKeys: ['fruit-blossom-end', 'leaf-distorted-new', 'leaf-edge-scorch', 'plant-dieback'], colors: ['browning', 'tan-necrosis'],
    solutions: {
      cultural: [CHECK_ROOT_ZONE, 'Keep irrigation steady and avoid drought and high EC; manage humidity so plants transpire (air movement at night).', 'Avoid excess ammonium, potassium or magnesium, which compete with calcium.'],
      biological: ['Not applicable: correct the feed and climate.'],
      chemical: ['Calcium nitrate in the feed; calcium chloride or calcium nitrate foliar sprays directed at young fruit or heads.'],
    },
  },
  {
    slug: 'magnesium-deficiency', name: 'Magnesium (Mg) deficiency', category: 'nutrient', defaultColor: '#EEFF99',
    description: 'Magnesium is mobile; deficiency shows on older and middle leaves and is common under high potassium feeding or in acidic media.',
    symptoms: 'Interveinal yellowing of older leaves while the veins stay green, later reddish-purple tints and necrotic patches; leaves may curl up.',
    symptomKeys: ['leaf-interveinal', 'leaf-yellow-old'], colors: ['yellowing', 'purple'],
    solutions: {
      cultural: [CHECK_ROOT_ZONE, 'Reduce excessive potassium or ammonium in the feed.'],
      biological: ['Not applicable: correct the feed.'],
      chemical: ['Magnesium sulphate (Epsom salt) or magnesium nitrate in the feed; a 1–2% Epsom salt foliar spray for quick relief.'],
    },
  },
  {
    slug: 'iron-deficiency', name: 'Iron (Fe) deficiency', category: 'nutrient', defaultColor: '#EEEEAA',
    description: 'Iron is immobile; deficiency shows on new growth and is usually caused by high medium pH (above about 6.5), cold or waterlogged roots, or root damage rather than a lack of iron.',
    symptoms: 'Interveinal yellowing of the youngest leaves with green veins, turning almost white in severe cases; older leaves stay green.',
    symptomKeys: ['leaf-interveinal', 'leaf-yellow-new'], colors: ['yellowing', 'bleaching'],
    solutions: {
      cultural: [CHECK_ROOT_ZONE, 'Lower the medium pH (acid injection, more ammonium-N, acidic fertilizer); fix overwatering and root problems.'],
      biological: ['Not applicable: correct the pH and root zone.'],
      chemical: ['Iron chelates matched to pH: Fe-EDDHA above pH 7, Fe-DTPA up to about 7, Fe-EDTA below 6.5; foliar iron sprays for a quick response.'],
    },
  },
  {
    slug: 'manganese-deficiency', name: 'Manganese (Mn) deficiency', category: 'nutrient', defaultColor: '#CCCC99',
    description: 'Manganese is immobile and becomes unavailable at high pH; deficiency shows on young and middle leaves.',
    symptoms: 'Mottled interveinal chlorosis of young leaves with a broader green band along the veins than with iron deficiency; small tan spots in severe cases.',
    symptomKeys: ['leaf-interveinal', 'leaf-yellow-new', 'leaf-spots'], colors: ['mottling', 'yellowing'],
    solutions: {
      cultural: [CHECK_ROOT_ZONE, 'Lower a high medium pH; avoid over-liming.'],
      biological: ['Not applicable: correct the feed and pH.'],
      chemical: ['Manganese sulphate or Mn-EDTA in the feed or as a foliar spray.'],
    },
  },
  {
    slug: 'zinc-deficiency', name: 'Zinc (Zn) deficiency', category: 'nutrient', defaultColor: '#EEEECC',
    description: 'Zinc is poorly mobile; deficiency is favoured by high pH and high phosphorus and shows on new growth.',
    symptoms: 'Small, narrow new leaves with short internodes (rosetting, little leaf), interveinal chlorosis of young leaves, distorted growing tips.',
    symptomKeys: ['leaf-small', 'leaf-interveinal', 'leaf-distorted-new'], colors: ['yellowing', 'pale-green'],
    solutions: {
      cultural: [CHECK_ROOT_ZONE, 'Lower a high pH; avoid very high phosphorus feeding.'],
      biological: ['Not applicable: correct the feed.'],
      chemical: ['Zinc sulphate or Zn-EDTA in the feed or as a foliar spray.'],
    },
  },
  {
    slug: 'boron-toxicity', name: 'Boron (B) toxicity', category: 'nutrient', defaultColor: '#AAAADD',
    description: 'The range between enough and too much boron is narrow; toxicity follows over-application, boron-rich water or low medium pH, and shows where water evaporates: leaf margins of older leaves.',
    symptoms: 'Yellowing then brown necrosis of the tips and margins of older leaves, sometimes as small dark spots along the edge; leaves cup.',
    symptomKeys: ['leaf-edge-scorch', 'leaf-yellow-old', 'leaf-curling'], colors: ['tan-necrosis', 'yellowing'],
    solutions: {
      cultural: ['Test irrigation water and the medium for boron; stop boron additions.', 'Leach the medium with clear water; raise a low medium pH toward 6.0–6.5 (boron is more available at low pH).'],
      biological: ['Not applicable.'],
      chemical: ['Switch to a fertilizer without added boron until levels fall.'],
    },
  },
  {
    slug: 'salt-ec-toxicity', name: 'Soluble salt (high EC) injury', category: 'nutrient', defaultColor: '#447799',
    description: 'Too much fertilizer or salty water raises the EC of the root zone, so roots cannot take up water and their tips burn; common after overfeeding, little leaching or drying of the medium.',
    symptoms: 'Burnt leaf tips and margins, wilting despite moist media, dark stunted growth, burnt brown root tips, white salt crust on the medium.',
    symptomKeys: ['leaf-edge-scorch', 'root-tip-burn', 'plant-wilt-wet', 'plant-stunted'], colors: ['tan-necrosis', 'dark-green'],
    solutions: {
      cultural: ['Measure EC of the feed, runoff or a pour-through extract and compare with the crop target.', 'Leach with clear water and lower the feed concentration; do not let the medium dry out completely.', 'Check water quality (sodium, chloride, bicarbonate) and the injector calibration.'],
      biological: ['Not applicable.'],
      chemical: ['Lower the fertilizer rate; use low-salt-index fertilizers.'],
    },
  },
  {
    slug: 'heat-stress', name: 'Heat stress', category: 'environmental', defaultColor: '#441100',
    description: 'Air or leaf temperatures above the crop\'s range (often above 30–32 °C) close stomata, disturb pollination and accelerate water loss; worse under high light with poor ventilation.',
    symptoms: 'Leaves curl upward at the edges (tacoing), wilt at midday, bleach or scorch at the top; stretched growth, flower and fruit abortion, poor fruit set.',
    symptomKeys: ['leaf-curling', 'stem-stretch', 'flower-drop', 'plant-wilt-dry'], colors: ['bleaching', 'yellowing'],
    solutions: {
      cultural: ['Increase ventilation, shade (whitewash or screens) and evaporative cooling or fogging; keep the root zone cool.', 'Raise lamps or dim them; irrigate enough for the higher transpiration.', 'Monitor leaf temperature and VPD, not only air temperature.'],
      biological: ['Not applicable.'],
      chemical: ['Shading compounds (greenhouse whitewash) on the cover.'],
    },
  },
  {
    slug: 'light-burn', name: 'Light burn (light stress)', category: 'environmental', defaultColor: '#FFEE55',
    description: 'More light than the plant can use (too-close lamps, sudden move to full sun, high PPFD without enough CO2, water or nutrients) damages chlorophyll at the top of the canopy.',
    symptoms: 'Bleached, white or yellow patches on the top leaves facing the light while veins may stay green; upward curling and crisp tips; lower leaves healthy.',
    symptomKeys: ['leaf-bleached', 'leaf-yellow-new', 'leaf-curling'], colors: ['bleaching', 'yellowing'],
    solutions: {
      cultural: ['Raise or dim the lamps; measure PPFD and daily light integral at the canopy against crop targets.', 'Acclimatise plants gradually to higher light; use shade screens in summer.'],
      biological: ['Not applicable.'],
      chemical: ['Not applicable.'],
    },
  },
  {
    slug: 'chilling-injury', name: 'Cold and chilling injury', category: 'environmental', defaultColor: '#44AAFF',
    description: 'Tropical and subtropical crops (cucumber, pepper, basil, poinsettia, orchids) are injured above freezing, typically below 10–12 °C, or by cold water and draughts from vents.',
    symptoms: 'Water-soaked then dark or bleached patches, purple or bronzed leaves, wilting, slow growth and pitted or discoloured fruit.',
    symptomKeys: ['leaf-water-soaked', 'plant-wilt-wet', 'plant-stunted', 'leaf-spots'], colors: ['purple', 'water-soaked'],
    solutions: {
      cultural: ['Keep air and root-zone temperatures within the crop range; warm irrigation water.', 'Avoid draughts from vents and doors; use thermal screens at night; protect plants in transport.'],
      biological: ['Not applicable.'],
      chemical: ['Not applicable.'],
    },
  },
  {
    slug: 'overwatering-edema', name: 'Overwatering and edema (oedema)', category: 'environmental', defaultColor: '#0088EE',
    description: 'Waterlogged media starve roots of oxygen; when roots take up water faster than leaves lose it (cool, humid, overcast weather), leaf cells burst and form edema blisters, common in geranium, ivy geranium, tomato and peppers.',
    symptoms: 'Wilting and yellowing in wet media, brown roots; blister-like, corky bumps on leaf undersides; leaf drop; algae and fungus gnats on the surface.',
    symptomKeys: ['leaf-blisters', 'plant-wilt-wet', 'leaf-yellow-old', 'root-brown-mushy'], colors: ['yellowing', 'browning'],
    solutions: {
      cultural: ['Water by weight or sensor data, not the calendar; let the medium dry down between irrigations.', 'Improve drainage and medium air space; water in the morning; increase air movement and lower humidity on overcast days.'],
      biological: ['Preventive Trichoderma or Bacillus in the medium protects stressed roots from secondary root rot.'],
      chemical: ['Not applicable.'],
    },
  },
  {
    slug: 'underwatering-drought-stress', name: 'Underwatering (drought stress)', category: 'environmental', defaultColor: '#FFFF33',
    description: 'The medium dries beyond what the crop tolerates; repeated dry-down also concentrates salts and causes calcium disorders.',
    symptoms: 'Wilting that recovers after irrigation, dull leaves, scorched margins and tips, dropped lower leaves, light pots and shrinking media pulling away from the pot.',
    symptomKeys: ['plant-wilt-dry', 'leaf-edge-scorch', 'leaf-drop'], colors: ['tan-necrosis', 'yellowing'],
    solutions: {
      cultural: ['Irrigate to the crop demand (by weight, sensor or light sum); check drippers for blockages.', 'Rewet hydrophobic media with a wetting agent or by sub-irrigation.'],
      biological: ['Not applicable.'],
      chemical: ['Wetting agents (surfactants) for media that repel water.'],
    },
  },
];
