import { describe, expect, it } from 'vitest';
import { isAllowedProperty, sanitizeCssClass, sanitizePageCss } from './sanitize-css.js';
import { prng } from '../../test/prng.js';

describe('sanitizeCssClass', () => {
  it('keeps class names and drops everything else', () => {
    expect(sanitizeCssClass('  big  wide-field  note_1 ')).toBe('big wide-field note_1');
    expect(sanitizeCssClass('ok "><script>alert(1)</script> x:y a.b also-ok')).toBe('ok also-ok');
    expect(sanitizeCssClass('dup dup')).toBe('dup');
    expect(sanitizeCssClass('')).toBe('');
  });
});

describe('sanitizePageCss', () => {
  it('keeps allowed rules, rewritten in one canonical form', () => {
    const css = `.field { color: #2e7d32; font-size: 14px; position: fixed }
      form .note, p{margin-top:4px;padding: 0 8px 0 8px;display:flex;}`;
    expect(sanitizePageCss(css)).toBe(
      '.field { color: #2e7d32; font-size: 14px; }\nform .note, p { margin-top: 4px; padding: 0 8px 0 8px; display: flex; }',
    );
  });

  it('stores none of url(javascript:…) or </style><script>', () => {
    const css = `.a { background-color: url(javascript:alert(1)); color: red }
      </style><script>alert(1)</script>
      .b { width: 10px }
      .c { color: red;}</style><script>alert(2)</script><style>
      .d { border: 1px solid url("javascript:alert(3)") }`;
    const out = sanitizePageCss(css);
    expect(out).not.toMatch(/url|javascript|script|style|<|>|alert/i);
    expect(out).toContain('.a { color: red; }');
    expect(out).toContain('.c { color: red; }');
  });

  it('drops @-rules, expressions, escapes, attribute selectors and unsafe display values', () => {
    const css = `@import url(https://evil.example/x.css);
      @media screen { .a { color: red } }
      @font-face { font-family: x; src: url(x.woff) }
      .e { width: expression(alert(1)); color: \\65 xpression(1); display: list-item; display: grid }
      a[href="}</style>"] { color: red }
      #id { color: red }
      .ok:hover { color: red }
      .f { color: rgb(1, 2, 3); grid-template-columns: repeat(2, minmax(0, 1fr)); width: calc(100% - 8px) }`;
    expect(sanitizePageCss(css)).toBe(
      '.e { display: grid; }\n.f { color: rgb(1, 2, 3); grid-template-columns: repeat(2, minmax(0, 1fr)); width: calc(100% - 8px); }',
    );
  });

  it('drops nested and unclosed blocks and comments', () => {
    expect(sanitizePageCss('.a { .b { color: red } } .c { color: blue }')).toBe('.c { color: blue; }');
    expect(sanitizePageCss('.a { color: red')).toBe('');
    expect(sanitizePageCss('.a { color: /* x */ red }')).toBe('.a { color: red; }');
    expect(sanitizePageCss('.a { color: red /* unclosed')).toBe('');
  });
});

const pick = <T>(next: () => number, list: readonly T[]): T => list[Math.floor(next() * list.length)]!;

const SELECTORS = ['.a', 'div', 'form .note', 'p.b.c', '*', '#id', 'a[href="x"]', '.x:hover', 'a > b', '.a, .b', '@media print', '@import url(x)'];
const PROPERTIES = ['color', 'background-color', 'width', 'display', 'margin-top', 'border', 'flex-grow', 'position', 'behavior', '-moz-binding', 'background', 'content'];
const VALUES = ['red', '#fff', '10px', 'rgb(1,2,3)', 'calc(1px + 2px)', 'flex', 'none', 'list-item', '0 auto', 'url(x.png)', 'var(--x)', 'attr(x)', 'image-set(x)'];
const NASTY = [
  'url(', 'javascript:', 'expression(', '@import', '@', '"', "'", '\\', '\\3c', '<', '>', '</style>', '<script>alert(1)</script>',
  ')', '(', '{', '}', ';', ':', '/*', '*/', '!important', '\n', '\u0000', '&#x3c;', '%3C', 'data:text/html,', 'vbscript:',
  'e\\78 pression(', 'u\\rl(', 'image-set(', '[x="y"]',
];
const FORBIDDEN = /url\(|expression|javascript|vbscript|@|<|>|\\|"|'|\/\*|\[|#id|binding|attr\(|var\(|image-set|data:/i;

/** Plausible CSS (rules of declarations) with nasty fragments spliced in at random places. */
function nasty(next: () => number): string {
  let css = '';
  for (let r = 0, rules = 1 + Math.floor(next() * 4); r < rules; r++) {
    const declarations = Array.from({ length: 1 + Math.floor(next() * 4) }, () => `${pick(next, PROPERTIES)}: ${pick(next, VALUES)}`);
    css += `${pick(next, SELECTORS)} { ${declarations.join('; ')} }\n`;
  }
  for (let k = 0, splices = Math.floor(next() * 4); k < splices; k++) {
    const at = Math.floor(next() * (css.length + 1));
    css = css.slice(0, at) + pick(next, NASTY) + css.slice(at);
  }
  return css;
}

describe('sanitizePageCss on many nasty inputs (seeded)', () => {
  const next = prng(20261122);
  const inputs = Array.from({ length: 3000 }, () => nasty(next));

  it('never lets a forbidden construct through, and only allowed properties', () => {
    // Not vacuous: a good share of the inputs keep some CSS.
    expect(inputs.filter((input) => sanitizePageCss(input) !== '').length).toBeGreaterThan(inputs.length / 4);
    for (const input of inputs) {
      const out = sanitizePageCss(input);
      expect(out, input).not.toMatch(FORBIDDEN);
      for (const m of out.matchAll(/([a-z-]+):/g)) expect(isAllowedProperty(m[1]!), `${m[1]} from ${input}`).toBe(true);
      const classes = sanitizeCssClass(input);
      expect(classes, input).toMatch(/^[A-Za-z0-9_ -]*$/);
    }
  });

  it('is idempotent: sanitised CSS sanitises to itself', () => {
    for (const input of inputs) {
      const once = sanitizePageCss(input);
      expect(sanitizePageCss(once), input).toBe(once);
    }
  });
});
