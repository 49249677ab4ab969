/** A control's label: its short form shown on a phone, the full one read out everywhere and shown from `sm` up. */
export function PhoneLabel({ short, long }: { short: string; long: string }) {
  return (
    <>
      <span aria-hidden="true" className="sm:hidden">
        {short}
      </span>
      <span className="sr-only sm:not-sr-only">{long}</span>
    </>
  );
}
