export { draftSchema, useDraftForm } from './use-draft-form';
export { DraftFormAlerts } from './draft-form-alerts';
