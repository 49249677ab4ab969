import { facilityTransferMessages as msg } from '@verdant/contract';
import { badRequest } from '../../lib/errors.js';

/**
 * A GeoJSON FeatureCollection read one Feature at a time (issue 25, flat memory): the text is scanned once for its
 * top-level members without building them, the collection's "type" is checked, then each element of "features" is
 * parsed on its own as it is asked for. A 100,000-Feature file never becomes 100,000 objects at once.
 */
const notJson = () => badRequest(msg.notJson, 'file');

const WS = new Set([32, 9, 10, 13]);
function skipWs(t: string, i: number): number {
  while (i < t.length && WS.has(t.charCodeAt(i))) i++;
  return i;
}

/** Just past the string that starts at i (a "). */
function endOfString(t: string, i: number): number {
  for (i++; i < t.length; i++) {
    const c = t.charCodeAt(i);
    if (c === 92) i++;
    else if (c === 34) return i + 1;
  }
  throw notJson();
}

const STOP = new Set([44, 93, 125, 32, 9, 10, 13]); // , ] } and whitespace

/** Just past the JSON value that starts at i (its content is checked when it is parsed). */
function endOfValue(t: string, i: number): number {
  const c = t.charCodeAt(i);
  if (c === 34) return endOfString(t, i);
  if (c === 123 || c === 91) {
    let depth = 0;
    while (i < t.length) {
      const ch = t.charCodeAt(i);
      if (ch === 34) {
        i = endOfString(t, i);
        continue;
      }
      if (ch === 123 || ch === 91) depth++;
      else if (ch === 125 || ch === 93) {
        depth--;
        if (depth === 0) return i + 1;
      }
      i++;
    }
    throw notJson();
  }
  let j = i;
  while (j < t.length && !STOP.has(t.charCodeAt(j))) j++;
  if (j === i) throw notJson();
  return j;
}

function parse(t: string, start: number, end: number): unknown {
  try {
    return JSON.parse(t.slice(start, end));
  } catch {
    throw notJson();
  }
}

/** The top-level members of the object the text is: key → [start, end) of its value. Not an object: notJson. */
function members(t: string): Map<string, [number, number]> {
  const out = new Map<string, [number, number]>();
  let i = skipWs(t, t.charCodeAt(0) === 0xfeff ? 1 : 0);
  if (t.charCodeAt(i) !== 123) {
    // Valid JSON that is not an object (a list, a number) is still "not a FeatureCollection".
    parse(t, i, t.length);
    throw badRequest(msg.notFeatureCollection, 'file');
  }
  i = skipWs(t, i + 1);
  if (t.charCodeAt(i) === 125) return out;
  for (;;) {
    if (t.charCodeAt(i) !== 34) throw notJson();
    const keyEnd = endOfString(t, i);
    const key = parse(t, i, keyEnd) as string;
    i = skipWs(t, keyEnd);
    if (t.charCodeAt(i) !== 58) throw notJson();
    const start = skipWs(t, i + 1);
    const end = endOfValue(t, start);
    out.set(key, [start, end]);
    i = skipWs(t, end);
    if (t.charCodeAt(i) === 44) {
      i = skipWs(t, i + 1);
      continue;
    }
    if (t.charCodeAt(i) !== 125) throw notJson();
    if (skipWs(t, i + 1) !== t.length) throw notJson();
    return out;
  }
}

/**
 * Checks that the text is a FeatureCollection (400 naming `file` otherwise, before anything is read) and answers its
 * features, each parsed when the generator reaches it (a malformed one is a 400 then, inside the caller's transaction).
 */
export function geoJsonFeatures(t: string): Iterable<unknown> {
  const m = members(t);
  const type = m.get('type');
  const features = m.get('features');
  if (!type || parse(t, type[0], type[1]) !== 'FeatureCollection' || !features || t.charCodeAt(features[0]) !== 91) {
    throw badRequest(msg.notFeatureCollection, 'file');
  }
  const [start, end] = features;
  return {
    *[Symbol.iterator]() {
      let i = skipWs(t, start + 1);
      if (t.charCodeAt(i) === 93) return;
      while (i < end) {
        const e = endOfValue(t, i);
        yield parse(t, i, e);
        i = skipWs(t, e);
        if (t.charCodeAt(i) === 44) i = skipWs(t, i + 1);
        else if (t.charCodeAt(i) === 93) return;
        else throw notJson();
      }
      throw notJson();
    },
  };
}
