import type { MeasurementKind, Measure } from '@verdant/contract';

type DefaultType = { name: string; unit: string; min: number; max: number; decimals: number; kind: MeasurementKind; measure: Measure | null; how: string };

const n = (name: string, unit: string, min: number, max: number, decimals: number, measure: Measure | null, how: string): DefaultType =>
  ({ name, unit, min, max, decimals, kind: 'number', measure, how });
const truss = (name: string, measure: Measure, how: string): DefaultType =>
  ({ name, unit: 'truss', min: 0, max: 99.9, decimals: 1, kind: 'truss_position', measure, how });

const growth = (max: number) => n('Weekly growth', 'cm', 0, max, 1, 'weekly_growth', 'From last week\'s mark on the stem to the head, in cm; then mark the head again.');
const diameter = (max: number) => n('Stem diameter', 'mm', 0, max, 1, 'stem_diameter', 'With a calliper, 15 cm below the head (head thickness), across the widest side.');
const leaves = n('Leaves', 'leaves', 0, 60, 0, 'leaves', 'Leaves longer than 5 cm from the last harvested truss up to the head.');

/**
 * The measurement types a crop starts with, by EPPO code (docs/decisions.md, "Crop registration and harvest
 * forecast"): the usual high-wire registration for tomato, cucumber and sweet pepper, and a pot plant (poinsettia).
 */
export const DEFAULT_MEASUREMENT_TYPES: Record<string, DefaultType[]> = {
  LYPES: [
    growth(60), diameter(25), leaves,
    n('Flowering height', 'cm', 0, 80, 1, 'flowering_height', 'From the head down to the truss that is flowering now, in cm.'),
    truss('Flowering truss', 'flowering_truss', 'The truss flowering now in decimal notation: 17.2 = truss 17 with 2 of its 10 parts (flowers) open.'),
    truss('Set truss', 'set_truss', 'The truss whose fruits are setting (first fruits swelling): 15.4 = truss 15, 4/10 set.'),
    truss('Harvest truss', 'harvest_truss', 'The truss being harvested: 8.5 = truss 8, half picked.'),
    n('Fruits per truss', 'fruits', 0, 15, 0, 'fruits_per_truss', 'Fruits left on the last fully set truss after pruning.'),
    n('Fruit weight', 'g', 0, 500, 0, 'fruit_weight', 'Mean weight of the fruits of this plant picked this week (weigh them together, divide by the count).'),
  ],
  CUMSA: [
    growth(80), diameter(20), leaves,
    n('Fruits set', 'fruits', 0, 20, 0, null, 'Fruits set this week on the stem (swelling, longer than 5 cm).'),
    n('Fruit weight', 'g', 0, 700, 0, 'fruit_weight', 'Mean weight of the fruits of this plant picked this week.'),
  ],
  CPSAN: [
    growth(40), diameter(20), leaves,
    n('Flowering height', 'cm', 0, 60, 1, 'flowering_height', 'From the head down to the highest open flower, in cm.'),
    n('Fruits set', 'fruits', 0, 20, 0, null, 'Fruits set this week on the stem.'),
    n('Fruit weight', 'g', 0, 400, 0, 'fruit_weight', 'Mean weight of the fruits of this plant picked this week.'),
  ],
  EPHPU: [
    n('Plant height', 'cm', 0, 80, 1, 'stem_length', 'From the pot rim to the top of the highest bract, in cm.'),
    n('Plant width', 'cm', 0, 80, 1, null, 'Widest span of the plant, in cm.'),
    n('Shoots', 'shoots', 0, 30, 0, null, 'Shoots longer than 2 cm.'),
    diameter(20),
  ],
};
