/** The client's fallback texts when a tray call fails, and the server's answers. */
export const traysMessages = {
  fetchTemplatesFailed: 'Failed to fetch tray templates',
  createTemplateFailed: 'Failed to create tray template',
  deleteTemplateFailed: 'Failed to delete tray template',
  useTemplateFailed: 'Failed to use tray template',
  fetchTraysFailed: 'Failed to fetch trays',
  updateTrayFailed: 'Failed to update tray',
  createTrayFailed: 'Failed to create tray',
  deleteTrayFailed: 'Failed to delete tray',
  templateCreated: 'Tray template created.',
  templateDeleted: 'Tray template deleted.',
  trayCreated: 'Tray created.',
  trayUpdated: 'Tray updated.',
  trayDeleted: 'Tray deleted.',
  harvestedBatch: 'This batch has been harvested, so no tray can be added to it.',
} as const;
