/**
 * Form templates carry author CSS that every scout's browser renders. Rather than trying to spot
 * every dangerous construct, both sanitisers rebuild the CSS from pieces that passed an allow-list,
 * so nothing that was not understood can reach the output.
 */

const CLASS_NAME = /^[A-Za-z0-9_-]{1,64}$/;
const MAX_CLASSES = 20;

/** Class names of [A-Za-z0-9_-], separated by single spaces; everything else is dropped. */
export function sanitizeCssClass(input: string): string {
  const kept = input.split(/\s+/).filter((c) => CLASS_NAME.test(c));
  return [...new Set(kept)].slice(0, MAX_CLASSES).join(' ');
}

const EXACT_PROPERTIES = new Set([
  'color',
  'background-color',
  'font-size',
  'font-weight',
  'font-style',
  'text-align',
  'border-radius',
  'width',
  'max-width',
  'min-height',
  'display',
  'gap',
  'grid-template-columns',
  'line-height',
  'letter-spacing',
]);
const PROPERTY_FAMILIES = /^(margin|padding|border)(-[a-z]+)*$|^flex(-[a-z]+)+$|^flex$/;
const DISPLAY_VALUES = new Set(['block', 'inline-block', 'flex', 'grid', 'none']);

export function isAllowedProperty(property: string): boolean {
  return EXACT_PROPERTIES.has(property) || PROPERTY_FAMILIES.test(property);
}

/** Words, numbers with units, #hex, %, commas, slashes, + - * and the parentheses of allowed functions. */
const VALUE_CHARS = /^[A-Za-z0-9#%.,\s()+\-*/]*$/;
const VALUE_FUNCTIONS = new Set(['rgb', 'rgba', 'hsl', 'hsla', 'calc', 'minmax', 'repeat']);
const MAX_VALUE = 200;

function cleanValue(property: string, raw: string): string | null {
  const value = raw.trim().replace(/\s+/g, ' ');
  if (!value || value.length > MAX_VALUE || !VALUE_CHARS.test(value)) return null;
  // Belt and braces: the character set already rules these out, but the brief names them.
  if (/url\(|expression\(|javascript|@import|\/\*|\*\//i.test(value)) return null;
  let depth = 0;
  for (const m of value.matchAll(/([A-Za-z-]*)\(|\)/g)) {
    if (m[0] === ')') {
      if (--depth < 0) return null;
    } else {
      if (!VALUE_FUNCTIONS.has(m[1]!.toLowerCase())) return null;
      depth++;
    }
  }
  if (depth !== 0) return null;
  if (property === 'display' && !DISPLAY_VALUES.has(value.toLowerCase())) return null;
  return value;
}

/** `.class`, `element`, `element.class.other` or `*`, joined by descendant spaces only. */
const COMPOUND = /^(?:[a-zA-Z][a-zA-Z0-9]*|\*)?(?:\.[A-Za-z_-][A-Za-z0-9_-]*)*$/;
const MAX_SELECTOR = 200;

function cleanSelector(raw: string): string | null {
  const selector = raw.trim().replace(/\s+/g, ' ');
  if (!selector || selector.length > MAX_SELECTOR) return null;
  return selector.split(' ').every((part) => COMPOUND.test(part)) ? selector : null;
}

function cleanDeclarations(body: string): string[] {
  const out: string[] = [];
  for (const declaration of body.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    if (!isAllowedProperty(property)) continue;
    const value = cleanValue(property, declaration.slice(colon + 1));
    if (value !== null) out.push(`${property}: ${value};`);
  }
  return out;
}

/** Index just past the block that opens at `open` (a `{`), counting nested braces; -1 when it never closes. */
function blockEnd(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length; i++) {
    if (css[i] === '{') depth++;
    else if (css[i] === '}' && --depth === 0) return i + 1;
  }
  return -1;
}

const MAX_RULES = 500;

/**
 * Parses CSS into rules and keeps only allowed selectors and declarations. @-rules (and their blocks),
 * nested blocks, comments, unclosed blocks and anything unparsable are dropped.
 */
export function sanitizePageCss(input: string): string {
  const css = input.replace(/\/\*[\s\S]*?(\*\/|$)/g, ' ');
  const rules: string[] = [];
  let i = 0;
  while (i < css.length && rules.length < MAX_RULES) {
    const open = css.indexOf('{', i);
    if (open < 0) break;
    const prelude = css.slice(i, open);
    // Text before the selector that ended in `;` or `}` (stray declarations, `@import …;`) is dropped.
    const cut = Math.max(prelude.lastIndexOf(';'), prelude.lastIndexOf('}'));
    if (cut >= 0) {
      i += cut + 1;
      continue;
    }
    const end = blockEnd(css, open);
    if (end < 0) break;
    i = end;
    const body = css.slice(open + 1, end - 1);
    // @-rules go whole, with their blocks; so does any rule with a nested block.
    if (prelude.includes('@') || body.includes('{')) continue;
    const selectors = [...new Set(prelude.split(',').map(cleanSelector))];
    if (selectors.some((s) => s === null)) continue;
    const declarations = cleanDeclarations(body);
    if (declarations.length) rules.push(`${selectors.join(', ')} { ${declarations.join(' ')} }`);
  }
  return rules.join('\n');
}
