import { describe, expect, it } from 'vitest';
import { analyseImage } from '@verdant/vision';
import { makeCardImage, makeLeafImage, makeSkyImage } from '@verdant/vision/testing';
import { clock, findingsOf, MAX_FRAMES, proposeFrames, sampleTimes, type SampledFrame } from '../lib/frames';

function frame(id: number, at: number, image: Parameters<typeof analyseImage>[0]): SampledFrame {
  return { id, at, jpeg: new Blob(), url: `blob:${id}`, state: { status: 'done', analysis: analyseImage(image) } };
}

describe('sampleTimes', () => {
  it('takes a frame at 0 and every interval before the end', () => {
    expect(sampleTimes(7, 2)).toEqual([0, 2, 4, 6]);
    expect(sampleTimes(6, 2)).toEqual([0, 2, 4]);
    expect(sampleTimes(0.5, 2)).toEqual([0]);
  });

  it('stops at the most frames a capture keeps', () => {
    const times = sampleTimes(600, 1);
    expect(times).toHaveLength(MAX_FRAMES);
    expect(times.at(-1)).toBe(MAX_FRAMES - 1);
  });

  it('gives nothing for a video without a length or a bad interval', () => {
    expect(sampleTimes(Number.POSITIVE_INFINITY, 2)).toEqual([]);
    expect(sampleTimes(Number.NaN, 2)).toEqual([]);
    expect(sampleTimes(10, 0)).toEqual([]);
  });
});

describe('findingsOf and proposeFrames', () => {
  const sick = frame(1, 0, makeLeafImage({ width: 320, height: 240, seed: 3, lesions: { powdery: 0.15 } }).image);
  const mild = frame(2, 2, makeLeafImage({ width: 320, height: 240, seed: 4, lesions: { chlorotic: 0.05 } }).image);
  const healthy = frame(3, 4, makeLeafImage({ width: 320, height: 240, seed: 5 }).image);
  const sky = frame(4, 6, makeSkyImage(320, 240, 2));
  const card = frame(5, 8, makeCardImage({ width: 500, height: 200, seed: 6, insects: 12 }).image);

  it('names the problem with its share of the leaf, or the insects counted on a card', () => {
    expect(findingsOf(sick.state.status === 'done' ? sick.state.analysis : (undefined as never))).toEqual([
      { problem: 'Powdery mildew', affectedPercent: expect.closeTo(15, 0) as number, count: null },
    ]);
    const onCard = card.state.status === 'done' ? findingsOf(card.state.analysis) : [];
    expect(onCard.length).toBeGreaterThan(0);
    expect(onCard.every((f) => f.affectedPercent === null && (f.count ?? 0) > 0)).toBe(true);
    expect(onCard.reduce((n, f) => n + (f.count ?? 0), 0)).toBe(12);
  });

  it('shows only what the company\'s model files: a pest-only model names no leaf symptom', () => {
    const leaf = sick.state.status === 'done' ? sick.state.analysis : (undefined as never);
    expect(findingsOf(leaf, { leaf: [], trap: true })).toEqual([]);
    const onCard = card.state.status === 'done' ? findingsOf(card.state.analysis, { leaf: [], trap: true }) : [];
    expect(onCard.reduce((n, f) => n + (f.count ?? 0), 0)).toBe(12);
  });

  it('proposes the frames that show the most, in the order they were taken, never one that shows neither', () => {
    expect(proposeFrames([sick, mild, healthy, sky, card])).toEqual([1, 2, 3, 5]);
    expect(proposeFrames([sick, mild, healthy, sky, card], 2)).toEqual([1, 5]);
    const failed: SampledFrame = { ...sky, id: 6, state: { status: 'failed', error: 'x' } };
    expect(proposeFrames([failed, sky])).toEqual([]);
  });
});

describe('clock', () => {
  it('writes a frame time as minutes and seconds', () => {
    expect(clock(0)).toBe('0:00');
    expect(clock(4)).toBe('0:04');
    expect(clock(62.5)).toBe('1:02');
  });
});
