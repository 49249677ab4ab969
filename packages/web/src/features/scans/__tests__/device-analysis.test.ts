import { describe, expect, it } from 'vitest';
import { analyseImage } from '@verdant/vision';
import { makeLeafImage } from '@verdant/vision/testing';
import {
  compareWithServer,
  deviceAnalysisOf,
  parseDeviceAnalysis,
  serialiseDeviceAnalysis,
  DEVICE_ANALYSIS_FORMAT,
  type DeviceAnalysis,
} from '../lib/device-analysis';
import { makeDetection, makeScan } from './scan-fixtures';

const leaf = analyseImage(makeLeafImage({ seed: 4, lesions: { necrotic: 0.05, powdery: 0.03 } }).image);

function device(findings: DeviceAnalysis['photos'][number]['findings'], kind: 'leaf' | 'sticky_trap' | 'unknown' = 'leaf'): DeviceAnalysis {
  return { format: DEVICE_ANALYSIS_FORMAT, engine: 'verdant-vision', engine_version: '1.0.0', analysed_at: '2026-11-25T08:00:00.000Z', photos: [{ kind, findings }] };
}
const powdery = { label: 'powdery', problem: 'Powdery mildew', confidence: 0.8, affected_percent: 12.3, count: null, regions: [] };

describe('deviceAnalysisOf / parseDeviceAnalysis', () => {
  it('keeps the engine, each photo’s kind and its findings, and reads back what it wrote', () => {
    const a = deviceAnalysisOf([leaf], new Date('2026-11-25T08:00:00.000Z'));
    expect(a).toMatchObject({ format: DEVICE_ANALYSIS_FORMAT, engine: 'verdant-vision', engine_version: leaf.engine.version });
    expect(a.photos[0]!.kind).toBe('leaf');
    expect(a.photos[0]!.findings.map((f) => f.label).sort()).toEqual(['necrotic', 'powdery']);
    expect(parseDeviceAnalysis(serialiseDeviceAnalysis(a))).toEqual(a);
  });

  it('drops regions, never measurements, to stay within the contract’s bound', () => {
    const a = deviceAnalysisOf([leaf, leaf, leaf], new Date());
    const full = JSON.stringify(a).length;
    const text = serialiseDeviceAnalysis(a, Math.floor(full / 3));
    expect(text.length).toBeLessThanOrEqual(Math.floor(full / 3));
    const back = parseDeviceAnalysis(text)!;
    expect(back.photos.map((p) => p.findings.map((f) => [f.label, f.affected_percent]))).toEqual(
      a.photos.map((p) => p.findings.map((f) => [f.label, f.affected_percent])),
    );
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
    const small = { label: 'small', problem: 'Thrips', confidence: null, affected_percent: null, count: 14, regions: [] };
    expect(compareWithServer(device([small], 'sticky_trap'), trapScan).differs).toBe(false);
    expect(compareWithServer(device([{ ...small, count: 15 }], 'sticky_trap'), trapScan).differs).toBe(true);
  });
});
