/** Reads a JWT's claims without verifying it (the server verifies); null when it is not a JWT. */
export function decodeJwt(token: string | null | undefined): Record<string, unknown> | null {
  if (!token) return null;
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '=');
    const json = decodeURIComponent(
      Array.from(atob(base64), (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join(''),
    );
    const claims: unknown = JSON.parse(json);
    return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * True when the token's `exp` (seconds) has passed. A token without a readable `exp` is not judged
 * expired here: the server decides.
 */
export function isTokenExpired(token: string | null | undefined, nowMs: number = Date.now()): boolean {
  const exp = decodeJwt(token)?.exp;
  if (typeof exp !== 'number') return false;
  return exp * 1000 <= nowMs;
}
