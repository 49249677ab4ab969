/**
 * Confines a template's PageCSS to one form container: every selector gets the container's class in
 * front. The server already keeps only a safe subset; this is the second line: @-rules, nested blocks,
 * comments, and declarations that could load anything or close the <style> element are dropped here too.
 * The result is set as text of a <style> element, never parsed as HTML.
 */
export function scopePageCss(css: string, scopeClass: string): string {
  const source = css.replace(/\/\*[\s\S]*?(\*\/|$)/g, ' ');
  const rules: string[] = [];
  let i = 0;
  while (i < source.length) {
    const open = source.indexOf('{', i);
    if (open < 0) break;
    const close = source.indexOf('}', open);
    if (close < 0) break;
    const prelude = source.slice(i, open);
    const body = source.slice(open + 1, close);
    i = close + 1;
    // A stray `;` or `}` before the selector: keep only what follows it.
    const selectorText = prelude.slice(Math.max(prelude.lastIndexOf(';'), prelude.lastIndexOf('}')) + 1).trim();
    if (!selectorText || selectorText.includes('@') || body.includes('{')) continue;
    const selectors = selectorText
      .split(',')
      .map((s) => s.trim().replace(/\s+/g, ' '))
      .filter(Boolean);
    if (!selectors.length || selectors.some((s) => /[<>{}\\"'@:]/.test(s))) continue;
    const declarations = body
      .split(';')
      .map((d) => d.trim())
      .filter((d) => d.includes(':') && !/url\(|expression\(|javascript:|@import|[<>\\{}]/i.test(d));
    if (!declarations.length) continue;
    rules.push(`${selectors.map((s) => `.${scopeClass} ${s}`).join(', ')} { ${declarations.join('; ')}; }`);
  }
  return rules.join('\n');
}
