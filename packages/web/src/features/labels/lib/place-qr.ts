import type { PlaceKind } from '../../../lib/paths';
import { paths } from '../../../lib/paths';

/** The absolute link a place's label holds: this app's address, so any phone camera opens it. */
export function placeUrl(kind: PlaceKind, id: number, origin = window.location.origin): string {
  return `${origin}${paths.place(kind, id)}`;
}

/** The absolute link of an app path (a sample plant's registration), for its label's QR code. */
export function appUrl(path: string, origin = window.location.origin): string {
  return `${origin}${path}`;
}

/**
 * The QR code of a link as an SVG data URL (sharp at any print size), made with `qrcode` — the library
 * the server uses for batch codes; loaded only when a label sheet is opened.
 */
export async function qrSvgDataUrl(text: string): Promise<string> {
  const { default: QRCode } = await import('qrcode');
  const svg = await QRCode.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
