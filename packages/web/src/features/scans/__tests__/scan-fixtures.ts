import type { ScanDetails, ScanDetection } from '@verdant/contract';

const T = '2026-11-20T09:30:00.000Z';

export function makeDetection(id: number, extra: Partial<ScanDetection> = {}): ScanDetection {
  return {
    detection_id: id,
    scan_image_id: 501,
    label: 'powdery',
    problem_id: 40,
    problem: 'Powdery mildew',
    confidence: 0.82,
    affected_percent: 12.5,
    count: null,
    severity: 2,
    regions: [{ type: 'box', x: 0.1, y: 0.2, width: 0.3, height: 0.25 }],
    review: 'pending',
    corrected_problem_id: null,
    corrected_problem: null,
    reviewed_by: null,
    reviewed_at: null,
    observation_id: 900 + id,
    observation_status: 'open',
    origin: 'engine',
    reviewed_count: null,
    reviewed_affected_percent: null,
    reviewed_regions: null,
    ...extra,
  };
}

export function makeScan(id: number, extra: Partial<ScanDetails> = {}): ScanDetails {
  return {
    scan_id: id,
    scan_type: 'box',
    status: 'needs_review',
    kind: 'leaf',
    RoomID: 11,
    RoomName: 'Bay 1',
    GridID: 21,
    GridName: 'Grid A',
    GridBoxID: 2_100_002,
    BoxName: 'Mother A',
    ai_model: 'plantDiseaseRecognition',
    engine: 'verdant-vision',
    engine_version: '1.0.0',
    model: 'verdant-vision-leaf-trap',
    model_version: '1.0.0',
    image_count: 1,
    detection_count: 1,
    problems: ['Powdery mildew'],
    thumb_url: null,
    captured_at: T,
    created_at: T,
    created_by: 7,
    created_by_name: 'Me Grower',
    images: [
      { scan_image_id: 501, position: 0, image_url: '/image?path=scans/1.jpg', thumb_url: '/image?path=scans/1_t.jpg', width: 800, height: 600, kind: 'leaf', analysis: {} },
    ],
    detections: [makeDetection(1)],
    client_analysis: null,
    ...extra,
  };
}
