import { describe, expect, it } from 'vitest';
import { editCost, forgivingScore, trigramAloneMatches, typoBudget, typoVariants, VARIANTS_MAX, wordsOf } from './forgiving.js';

describe('editCost (weighted optimal string alignment)', () => {
  it('counts a swapped pair, a missing and an extra letter as 1, a wrong letter as 1.5', () => {
    expect(editCost('brioso', 'brioso')).toBe(0);
    expect(editCost('broiso', 'brioso')).toBe(1); // swapped
    expect(editCost('gorila', 'gorilla')).toBe(1); // missing
    expect(editCost('gorrilla', 'gorilla')).toBe(1); // doubled
    expect(editCost('grean', 'green')).toBe(1.5); // wrong vowel
    expect(editCost('ab', 'ba')).toBe(1);
    expect(editCost('abc', 'ca')).toBe(3); // OSA: a swapped pair is not edited again (true Damerau would say 2)
    expect(editCost('', 'abc')).toBe(3);
    expect(editCost('tomato', 'potato')).toBe(3);
  });

  it('is symmetric and compares code points (accents, emoji) as one letter', () => {
    for (const [x, y] of [['broiso', 'brioso'], ['mildw', 'mildew'], ['kitten', 'sitting'], ['naïve', 'naive']]) {
      expect(editCost(x!, y!)).toBe(editCost(y!, x!));
    }
    expect(editCost('a🌱b', 'ab🌱')).toBe(1);
  });

  it('stops past the most it may cost', () => {
    expect(editCost('broiso', 'brioso', 1)).toBe(1);
    expect(editCost('tomato', 'potato', 1.5)).toBe(Infinity);
    expect(editCost('a', 'abcdef', 2)).toBe(Infinity);
  });

  it('answers as the plain table does, word pairs of every length in turn (its rows are reused between calls)', () => {
    // The textbook table, arrays made per call: what the reused rows must answer.
    const plain = (a: string, b: string, max: number) => {
      const s = [...a];
      const t = [...b];
      let before: number[] = [];
      let prev = t.map((_, j) => j + 1);
      prev.unshift(0);
      for (let i = 1; i <= s.length; i++) {
        const row = [i];
        for (let j = 1; j <= t.length; j++) {
          const same = s[i - 1] === t[j - 1];
          let cost = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (same ? 0 : 1.5));
          if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1] && !same) cost = Math.min(cost, before[j - 2]! + 1);
          row.push(cost);
        }
        before = prev;
        prev = row;
      }
      return prev[t.length]! > max ? Infinity : prev[t.length]!;
    };
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const letters = ['a', 'b', 'o', 'r', 'i', 's', 'é', '🌱'];
    const word = (n: number) => Array.from({ length: n }, () => letters[Math.floor(next() * letters.length)]).join('');
    for (let k = 0; k < 2000; k++) {
      const [a, b] = [word(Math.floor(next() * 9)), word(Math.floor(next() * 90))];
      const max = [Infinity, 1, 1.5, 2.5][k % 4]!;
      expect(editCost(a, b, max), `${a} / ${b} / ${max}`).toBe(plain(a, b, max));
    }
  });
});

describe('typoBudget', () => {
  it('forgives nothing under 4 letters and more the longer the word', () => {
    expect([1, 3, 4, 5, 6, 7, 10, 11, 30].map(typoBudget)).toEqual([0, 0, 1, 1.5, 1.5, 2.5, 2.5, 3.5, 3.5]);
  });
});

describe('forgivingScore', () => {
  // What people type for a name: each must score (be forgiven), and better than an unrelated name of the list.
  const names = ['Brioso', 'Bronco', 'Gorilla Glue #4', 'Green Gelato', 'Northern Lights', 'Powdery mildew', 'Mist tent north', 'Tomato Cherry', 'Potato Spunta', 'Spider mites'];
  const shapes: Array<[shape: string, typed: string, meant: string]> = [
    ['transposed, short word', 'Broiso', 'Brioso'],
    ['transposed, first letters', 'rBioso', 'Brioso'],
    ['transposed, last letters', 'Brioos', 'Brioso'],
    ['transposed in the 2nd word', 'Gorilla Gleu', 'Gorilla Glue #4'],
    ['two words, each transposed', 'Nrothern Lihgts', 'Northern Lights'],
    ['missing letter, unfinished', 'Gorila Glu', 'Gorilla Glue #4'],
    ['missing letters', 'powdry mildw', 'Powdery mildew'],
    ['doubled letter', 'Gorrilla', 'Gorilla Glue #4'],
    ['doubled letter', 'Gelatto', 'Green Gelato'],
    ['wrong vowel', 'Grean Gelato', 'Green Gelato'],
    ['wrong vowel, long word', 'Nerthern', 'Northern Lights'],
    ['extra space in a word', 'Gre en Gelato', 'Green Gelato'],
    ['missing space', 'GorillaGlue', 'Gorilla Glue #4'],
    ['upper case, accents', 'BRÏOSO', 'Brioso'],
    ['transposed and case', 'sPIDRE mites', 'Spider mites'],
    ['a later word of the name', 'tnet north', 'Mist tent north'],
  ];
  for (const [shape, typed, meant] of shapes) {
    it(`${shape}: '${typed}' → '${meant}', best of the list`, () => {
      const score = forgivingScore(typed, meant);
      expect(score).toBeGreaterThan(0);
      const others = names.filter((n) => n !== meant).map((n) => forgivingScore(typed, n));
      expect(Math.max(...others)).toBeLessThan(score);
    });
  }

  it('ranks fewer edits higher: exact 1, one swap above two', () => {
    expect(forgivingScore('Brioso', 'Brioso')).toBe(1);
    expect(forgivingScore('Broiso', 'Brioso')).toBeCloseTo(1 - 1 / 6);
    expect(forgivingScore('Northren', 'Northern Lights')).toBeGreaterThan(forgivingScore('Nrothren', 'Northern Lights'));
  });

  it('does not match unrelated short words, nor a wrong letter in a word of 4', () => {
    const negatives: Array<[string, string]> = [
      ['Mint', 'Mist tent north'], // one wrong letter in 4: another word
      ['Test', 'Mist tent north'],
      ['Potato', 'Tomato Cherry'],
      ['Tomatoes', 'Potato Spunta'],
      ['Bronze', 'Brioso'],
      ['Rose', 'Brioso'],
      ['Bean', 'Green Gelato'],
      ['Lime', 'Northern Lights'],
      ['Mite', 'Mist tent north'],
      ['Bean', 'Bench A'], // unfinished 'ben…' plus a letter too many: not at 4 letters
      ['roses', 'Roestmijt'], // nor at 5 ('roes…')
      ['Rbi', 'Brioso'], // under 4 letters: no typo forgiven
      ['Gorilla Glue', 'Green Gelato'],
      ['Spider mites', 'Spinach'],
      ['', 'Brioso'],
      ['Brioso', ''],
      ['!!!', 'Brioso'],
    ];
    for (const [typed, text] of negatives) expect(forgivingScore(typed, text), `${typed} / ${text}`).toBe(0);
  });

  it('needs every typed word, in order', () => {
    expect(forgivingScore('Glue Gorilla', 'Gorilla Glue #4')).toBe(0);
    expect(forgivingScore('Gorilla Glue Purple', 'Gorilla Glue #4')).toBe(0);
  });

  it('answers 0 rather than working on a paragraph', () => {
    expect(forgivingScore('a'.repeat(65), 'a'.repeat(65))).toBe(0);
  });
});

describe('typoVariants', () => {
  it('swaps neighbouring letters and drops inner spaces, once each', () => {
    const v = typoVariants('Broiso');
    expect(v).toContain('brioso');
    expect(v).toEqual(['rboiso', 'boriso', 'brioso', 'brosio', 'broios']);
    expect(typoVariants('Bri oso')).toContain('brioso');
    expect(typoVariants('Gorila Glu')).toContain('gorial glu');
    expect(typoVariants('Gorila Glu')).not.toContain('gorilag lu'); // a letter and a space are not swapped
  });

  it('is empty under 4 and over 32 characters, skips doubled letters, and is bounded', () => {
    expect(typoVariants('Bri')).toEqual([]);
    expect(typoVariants('x'.repeat(33))).toEqual([]);
    expect(typoVariants('aabb')).toEqual(['abab']);
    expect(typoVariants('abcdefghijklmnopqrstuvwxyzabcdef')).toHaveLength(VARIANTS_MAX);
  });

  it('lower-cases the variants but keeps their accents (the database compares names as stored); words fold both', () => {
    expect(wordsOf('Gorilla Glue #4')).toEqual(['gorilla', 'glue', '4']);
    expect(wordsOf('ÉTÉS')).toEqual(['etes']);
    expect(typoVariants('ÉTÉS')).toEqual(['téés', 'ééts', 'étsé']);
  });
});

describe('trigramAloneMatches', () => {
  it('lets trigram likeness alone match terms of 6 letters or more, counting letters and digits only', () => {
    expect(['Test', 'Mint', 'a b c', 'Mst t', '#12345'].map(trigramAloneMatches)).toEqual([false, false, false, false, false]);
    expect(['Mst tent', 'Aphidss', 'spidr mites', '123456'].map(trigramAloneMatches)).toEqual([true, true, true, true]);
  });
});
