/** The client's fallback texts for saved reports (spec-2 §8), and the server's answers. */
export const savedReportsMessages = {
  saveFailed: 'Failed to Save Report',
  saveUnable: 'Unable to save report.',
  fetchFailed: 'Failed to fetch Report Data',
  reportSaved: 'Report saved.',
  reportDeleted: 'Report deleted.',
  dashboardSaved: 'Dashboard reports saved.',
  nameTaken: 'A report with this name already exists.',
  tooMany: 'This company has reached the limit of saved reports; delete one first.',
  slotRequired: 'Send at least one of report_id1 to report_id4.',
  slotTwice: 'A report can be pinned to one dashboard slot only.',
  notOwner: 'Only the person who saved this report or an Admin can delete it.',
} as const;
