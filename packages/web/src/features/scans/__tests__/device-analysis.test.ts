import { describe, expect, it } from 'vitest';
import { ALL_FINDINGS, analyseImage } from '@verdant/vision';
import { makeLeafImage, makeSkyImage } from '@verdant/vision/testing';
import {
  compareWithServer,
  deviceAnalysisOf,
  deviceSelection,
  doubtsOf,
  parseDeviceAnalysis,
  serialiseDeviceAnalysis,
  DEVICE_ANALYSIS_FORMAT,
  type DeviceAnalysis,
} from '../lib/device-analysis';
import { makeDetection, makeScan } from './scan-fixtures';

const ALL = { aiModel: 'plantDiseaseRecognition', selection: ALL_FINDINGS };
const leaf = analyseImage(makeLeafImage({ seed: 4, lesions: { necrotic: 0.05, powdery: 0.03 } }).image);

function device(findings: DeviceAnalysis['photos'][number]['findings'], kind: 'leaf' | 'sticky_trap' | 'unknown' = 'leaf'): DeviceAnalysis {
  return {
    format: DEVICE_ANALYSIS_FORMAT, ai_model: 'plantDiseaseRecognition', engine: 'verdant-vision', engine_version: '1.0.0', analysed_at: '2026-11-25T08:00:00.000Z',
    photos: [{ kind, findings, doubts: [], looked_at: null }],
  };
}
const powdery = { label: 'powdery', problem: 'Powdery mildew', confidence: 0.8, affected_percent: 12.3, count: null, severity: 3, regions: [] };

describe('deviceAnalysisOf / parseDeviceAnalysis', () => {
  it('keeps the engine, each photo’s kind and its findings, and reads back what it wrote', () => {
    const a = deviceAnalysisOf([leaf], { ...ALL, analysedAt: new Date('2026-11-25T08:00:00.000Z') });
    expect(a).toMatchObject({ format: DEVICE_ANALYSIS_FORMAT, engine: 'verdant-vision', engine_version: leaf.engine.version });
    expect(a.photos[0]!.kind).toBe('leaf');
    expect(a.photos[0]!.findings.map((f) => f.label).sort()).toEqual(['necrotic', 'powdery']);
    expect(parseDeviceAnalysis(serialiseDeviceAnalysis(a))).toEqual(a);
  });

  it('drops regions, never measurements, to stay within the contract’s bound', () => {
    const a = deviceAnalysisOf([leaf, leaf, leaf], { ...ALL, analysedAt: new Date() });
    const full = JSON.stringify(a).length;
    const text = serialiseDeviceAnalysis(a, Math.floor(full / 3));
    expect(text.length).toBeLessThanOrEqual(Math.floor(full / 3));
    const back = parseDeviceAnalysis(text)!;
    expect(back.photos.map((p) => p.findings.map((f) => [f.label, f.affected_percent]))).toEqual(
      a.photos.map((p) => p.findings.map((f) => [f.label, f.affected_percent])),
    );
  });

  it('selects with the company\'s built-in model as the server does, and leaves a model it cannot run to the server', () => {
    const pests = deviceSelection('pestDetection')!;
    expect(deviceAnalysisOf([leaf], { analysedAt: new Date(), aiModel: 'pestDetection', selection: pests }).photos[0]).toMatchObject({ kind: 'leaf', findings: [] });
    const yellowing = deviceSelection('nutrientDeficiency')!;
    const chlorotic = analyseImage(makeLeafImage({ seed: 5, lesions: { chlorotic: 0.06, necrotic: 0.05 } }).image);
    const labels = deviceAnalysisOf([chlorotic], { analysedAt: new Date(), aiModel: 'nutrientDeficiency', selection: yellowing }).photos[0]!.findings.map((f) => f.label);
    expect(labels).toEqual(['chlorotic']);
    expect(deviceSelection('my-classifier')).toBeNull();
  });

  it('keeps what the engine doubted and where it looked, and reads them back', () => {
    const a = deviceAnalysisOf([leaf, analyseImage(makeSkyImage())], { ...ALL, analysedAt: new Date() });
    expect(a.photos[0]!.looked_at).toMatchObject({ type: 'box' });
    expect(a.photos[1]).toMatchObject({ kind: 'unknown', findings: [], looked_at: null });
    expect(a.photos[1]!.doubts.length).toBeGreaterThan(0);
    expect(parseDeviceAnalysis(serialiseDeviceAnalysis(a))).toEqual(a);
    expect(doubtsOf(['blurry', 'not-a-doubt', 'colour_cast'])).toEqual(['colour_cast', 'blurry']);
  });

  it('reads nothing from an answer in another shape', () => {
    expect(parseDeviceAnalysis(null)).toBeNull();
    expect(parseDeviceAnalysis({ engine: 'verdant-vision', kind: 'leaf' })).toBeNull();
    expect(parseDeviceAnalysis('not json')).toBeNull();
  });
});

describe('compareWithServer', () => {
  const scan = makeScan(1, { detections: [makeDetection(1, { label: 'powdery', affected_percent: 12.5 })] });

  it('agrees when the same findings measure the same, within half a point', () => {
    expect(compareWithServer(device([powdery]), scan).differs).toBe(false);
  });

  it('differs on another problem, a share further apart, another kind or a missing photo', () => {
    expect(compareWithServer(device([{ ...powdery, label: 'necrotic', problem: 'Leaf necrosis' }]), scan).differs).toBe(true);
    expect(compareWithServer(device([{ ...powdery, affected_percent: 14 }]), scan).differs).toBe(true);
    expect(compareWithServer(device([powdery, { ...powdery, label: 'chlorotic' }]), scan).differs).toBe(true);
    expect(compareWithServer(device([], 'unknown'), scan).differs).toBe(true);
    const two = compareWithServer({ ...device([powdery]), photos: [device([powdery]).photos[0]!, device([]).photos[0]!] }, scan);
    expect(two.photos.map((p) => p.differs)).toEqual([false, true]);
  });

  it('compares insect counts exactly', () => {
    const trapScan = makeScan(2, {
      kind: 'sticky_trap',
      images: [{ ...makeScan(2).images[0]!, kind: 'sticky_trap' }],
      detections: [makeDetection(3, { label: 'small', affected_percent: null, count: 14 })],
    });
    const small = { label: 'small', problem: 'Thrips', confidence: null, affected_percent: null, count: 14, severity: 2, regions: [] };
    expect(compareWithServer(device([small], 'sticky_trap'), trapScan).differs).toBe(false);
    expect(compareWithServer(device([{ ...small, count: 15 }], 'sticky_trap'), trapScan).differs).toBe(true);
  });
});
