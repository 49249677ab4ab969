export { FormRenderer, type FormRendererProps, type RenderableTemplate } from './form-renderer';
export {
  toFieldResponses,
  photosOf,
  answerText,
  answerMap,
  emptyAnswer,
  PHOTO_PLACEHOLDER,
  type FormAnswer,
  type FormAnswers,
} from './answers';
export { visibleFieldIds, answerMatches } from './hide-until';
export { scopePageCss } from './scope-css';
export { compressImage, PHOTO_MAX_SIDE } from './compress-image';
export type { ProblemChoice } from './use-problem-library';
export { useBuiltInText, builtInText } from './built-in-texts';
