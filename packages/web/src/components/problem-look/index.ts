export { problemLook, type ProblemLook } from './problem-look';
export { useProblemLook } from './use-problem-look';
