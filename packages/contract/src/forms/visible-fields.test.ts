import { describe, expect, it } from 'vitest';
import { answerMatches, missingRequiredFields, visibleFields, wouldCycle, type HideUntilRule } from './visible-fields.js';

const field = (fieldId: number, required = false) => ({ fieldId, required });
const rule = (hiddenFieldId: number, linkedFieldId: number, linkedInput: string): HideUntilRule => ({ hiddenFieldId, linkedFieldId, linkedInput });
const ids = (fs: { fieldId: number }[]) => fs.map((f) => f.fieldId);

describe('answerMatches', () => {
  it('compares without case or spacing, treats checkbox spellings alike and matches any multi-select choice', () => {
    expect(answerMatches(' Yes ', 'yes')).toBe(true);
    expect(answerMatches('1', 'true')).toBe(true);
    expect(answerMatches('on', 'Yes')).toBe(true);
    expect(answerMatches('', 'false')).toBe(true);
    expect(answerMatches('["Thrips","Aphids"]', 'aphids')).toBe(true);
    expect(answerMatches('Thrips, Aphids', 'Aphids')).toBe(true);
    expect(answerMatches('Thrips, Aphids', 'Thrips, Aphids')).toBe(true);
    expect(answerMatches('No', 'Yes')).toBe(false);
    expect(answerMatches(undefined, 'false')).toBe(false);
  });
});

describe('visibleFields', () => {
  const fields = [field(1), field(2, true), field(3, true), field(4)];
  // 2 waits for 1 = Yes; 3 waits for 2 = High (a chain).
  const rules = [rule(2, 1, 'Yes'), rule(3, 2, 'High')];

  it('hides a field until its linked field has the input', () => {
    expect(ids(visibleFields(fields, rules, {}))).toEqual([1, 4]);
    expect(ids(visibleFields(fields, rules, { 1: 'No' }))).toEqual([1, 4]);
    expect(ids(visibleFields(fields, rules, new Map([[1, 'yes']])))).toEqual([1, 2, 4]);
    expect(ids(visibleFields(fields, rules, { 1: 'Yes', 2: 'High' }))).toEqual([1, 2, 3, 4]);
  });

  it('hides a chain together: an answer to a hidden field does not show what waits for it', () => {
    expect(ids(visibleFields(fields, rules, { 1: 'No', 2: 'High' }))).toEqual([1, 4]);
  });

  it('ignores rules whose linked field is not in the form (retired) and hides cycles', () => {
    expect(ids(visibleFields([field(2), field(4)], [rule(2, 1, 'Yes')], {}))).toEqual([2, 4]);
    expect(ids(visibleFields(fields, [rule(1, 2, 'x'), rule(2, 1, 'y')], { 1: 'y', 2: 'x' }))).toEqual([3, 4]);
  });

  it('does not require a hidden required field', () => {
    expect(ids(missingRequiredFields(fields, rules, {}))).toEqual([]);
    expect(ids(missingRequiredFields(fields, rules, { 1: 'Yes' }))).toEqual([2]);
    expect(ids(missingRequiredFields(fields, rules, { 1: 'Yes', 2: 'High', 3: '  ' }))).toEqual([3]);
    expect(ids(missingRequiredFields(fields, rules, { 1: 'Yes', 2: 'Low' }))).toEqual([]);
  });
});

describe('wouldCycle', () => {
  const rules = [rule(2, 1, 'a'), rule(3, 2, 'b')];
  it('spots a link back into its own chain', () => {
    expect(wouldCycle(rules, 1, 3)).toBe(true);
    expect(wouldCycle(rules, 1, 2)).toBe(true);
    expect(wouldCycle(rules, 4, 3)).toBe(false);
    // Re-pointing 3 at 1 replaces its own rule, so no loop.
    expect(wouldCycle(rules, 3, 1)).toBe(false);
  });
});
