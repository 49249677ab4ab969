import { describe, expect, it } from 'vitest';
import { subGridboxesMessages as msg } from '@verdant/contract';
import { requestedPositions as sut } from './sub-gridboxes.rules.js';
import { newPlantUid, PLANT_UID_PATTERN } from '../plants/plant-uid.js';

describe('requestedPositions', () => {
  it('refuses a request with neither numeric nx and ny nor positions', () => {
    expect(() => sut({})).toThrow(msg.sizeOrPositions);
    expect(() => sut({ nx: 2 })).toThrow(msg.sizeOrPositions);
    expect(() => sut({ custom_positions: [], ny: 2 })).toThrow(msg.sizeOrPositions);
  });

  it('makes nx × ny positions from 1, row by row', () => {
    expect(sut({ nx: 2, ny: 2 })).toEqual([{ subx: 1, suby: 1 }, { subx: 2, suby: 1 }, { subx: 1, suby: 2 }, { subx: 2, suby: 2 }]);
  });

  it('prefers custom positions and refuses one listed twice', () => {
    expect(sut({ nx: 5, ny: 5, custom_positions: [{ subx: 3, suby: 4 }] })).toEqual([{ subx: 3, suby: 4 }]);
    expect(() => sut({ custom_positions: [{ subx: 1, suby: 1 }, { subx: 1, suby: 1 }] })).toThrow(msg.duplicateInRequest);
  });
});

describe('newPlantUid', () => {
  it('is P- and 8 unambiguous base32 characters, different each time', () => {
    const uids = Array.from({ length: 1000 }, newPlantUid);
    for (const uid of uids) expect(uid).toMatch(PLANT_UID_PATTERN);
    expect(new Set(uids).size).toBe(1000);
  });
});
