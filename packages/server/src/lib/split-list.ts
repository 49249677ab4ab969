/** Lists arrive as JSON arrays (our own encoding) or comma-separated text (older clients, typed input). */
export function splitList(input: string): string[] {
  const text = input.trim();
  if (!text) return [];
  if (text.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (Array.isArray(parsed)) return parsed.map((v) => String(v).trim()).filter(Boolean);
    } catch {
      // Not JSON after all: fall through to commas.
    }
  }
  return text.split(',').map((s) => s.trim()).filter(Boolean);
}
