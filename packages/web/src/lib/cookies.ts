/** Cookie helpers. `secure` is set whenever the page is served over HTTPS (see docs/decisions.md). */
export function setCookie(name: string, value: string, maxAgeSeconds?: number) {
  const parts = [`${encodeURIComponent(name)}=${encodeURIComponent(value)}`, 'path=/', 'SameSite=Strict'];
  if (maxAgeSeconds !== undefined) parts.push(`max-age=${Math.max(0, Math.floor(maxAgeSeconds))}`);
  if (typeof location !== 'undefined' && location.protocol === 'https:') parts.push('Secure');
  document.cookie = parts.join('; ');
}

export function getCookie(name: string): string | null {
  const key = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    if (item.startsWith(key)) return decodeURIComponent(item.slice(key.length));
  }
  return null;
}

export function removeCookie(name: string) {
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${encodeURIComponent(name)}=; path=/; SameSite=Strict; max-age=0; expires=Thu, 01 Jan 1970 00:00:00 GMT${secure}`;
}
