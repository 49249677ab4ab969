/** The server's answers about corrections (issue 18). */
export const scanReviewMessages = {
  corrected: 'Detection corrected.',
  added: 'Missed problem added.',
  nothingToCorrect: 'Send what to correct: count, affected_percent, regions or problem_id.',
  correctionNeedsProblem: 'This detection names no library problem: send problem_id (the problem it really is) with the correction.',
  unknownProblem: 'problem_id is not a problem of the library or of the company.',
  exportFailed: 'The export could not be made. Try again.',
} as const;
