/** The register exports' answers (issue 22). */
export const registerMessages = {
  toBeforeFrom: 'must not be before from',
  exportFailed: 'The register could not be exported. Try again; if it keeps failing, choose a shorter period.',
} as const;
