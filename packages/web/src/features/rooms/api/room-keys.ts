export const roomKeys = {
  all: (companyId: number) => ['rooms', companyId] as const,
  list: (companyId: number) => [...roomKeys.all(companyId), 'list'] as const,
  detail: (companyId: number, roomId: number) => [...roomKeys.all(companyId), 'detail', roomId] as const,
  backgrounds: (companyId: number, roomId: number) => [...roomKeys.all(companyId), 'backgrounds', roomId] as const,
  whiteboards: (companyId: number, roomId: number) => [...roomKeys.all(companyId), 'whiteboards', roomId] as const,
  scroll: (companyId: number, roomId: number) => [...roomKeys.all(companyId), 'scroll', roomId] as const,
  boxHistory: (companyId: number, boxId: number) => [...roomKeys.all(companyId), 'box-history', boxId] as const,
  subBoxes: (companyId: number, boxId: number) => [...roomKeys.all(companyId), 'sub-boxes', boxId] as const,
  templates: (companyId: number, type: string) => [...roomKeys.all(companyId), 'templates', type] as const,
  queued: (companyId: number) => [...roomKeys.all(companyId), 'queued'] as const,
  movements: (companyId: number, filters: object = {}) => [...roomKeys.all(companyId), 'movements', filters] as const,
  scanDetails: (companyId: number, kind: 'room' | 'grid', id: number) => [...roomKeys.all(companyId), 'scan-details', kind, id] as const,
};
