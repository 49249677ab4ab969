/**
 * JSON bodies carry lists and objects themselves; query strings, forms and multipart carry them as JSON
 * text. Parses text that is JSON and leaves anything else as it came, for the schema after it to judge.
 */
export const jsonText = (v: unknown): unknown => {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
};
