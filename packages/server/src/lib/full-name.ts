/** A user's name as lists show it: first and last joined, null when neither is known (no user joined). */
export const fullName = (first: string | null, last: string | null): string | null => [first, last].filter(Boolean).join(' ') || null;
