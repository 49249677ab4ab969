import { Alert } from '../ui';

interface Props {
  /** The form's rules refused a field: `fixErrors` is said above the form. */
  hasRuleErrors: boolean;
  fixErrors: string;
  /** A server refusal that names no field of the form. */
  serverError?: string;
}

/** What a draft form says above its fields after a refused save. */
export function DraftFormAlerts({ hasRuleErrors, fixErrors, serverError }: Props) {
  return (
    <>
      {hasRuleErrors && <Alert tone="danger">{fixErrors}</Alert>}
      {serverError && <Alert tone="danger">{serverError}</Alert>}
    </>
  );
}
