import { describe, expect, it } from 'vitest';
import { colourWarnings } from '../components/color-mapping-form';

const mapped = [
  { Problem: 'Thrips', Color: '#EE7700' },
  { Problem: 'Powdery mildew', Color: '#FFFFDD' },
  { Problem: 'Fungus gnats', Color: '#553333' },
];

describe('colour-mapping warnings', () => {
  it('names the mapped problems a colour is too close to, for normal and red-green colour-blind vision', () => {
    // A slightly different orange: the same to anyone.
    expect(colourWarnings('#EE7711', 'Spider mites', mapped).closeTo).toEqual(['Thrips']);
    expect(colourWarnings('#1D4ED8', 'Aphids', mapped).closeTo).toEqual([]);
  });

  it('ignores the problem being edited itself and colours that are not #RRGGBB', () => {
    expect(colourWarnings('#EE7700', 'thrips ', mapped).closeTo).toEqual([]);
    expect(colourWarnings('#EE77', 'Aphids', mapped)).toEqual({ closeTo: [], unreadable: false });
  });

  it('warns when neither black nor white text reads on the colour (WCAG 4.5:1)', () => {
    expect(colourWarnings('#777777', 'Aphids', []).unreadable).toBe(true);
    expect(colourWarnings('#1D4ED8', 'Aphids', []).unreadable).toBe(false);
    expect(colourWarnings('#FDE047', 'Aphids', []).unreadable).toBe(false);
  });
});
