import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** A service function that a route hands its whole `input` and whose parameter is not typed from the contract. */
export interface HandWrittenInput {
  /** `<module>/<file>.ts:<function>` */
  where: string;
  /** The parameter's type as written. */
  type: string;
  /** The handler (endpoint id) that calls it, and what it passes. */
  handler: string;
  call: string;
}

const sources = new Map<string, ts.SourceFile>();
function parse(path: string): ts.SourceFile {
  let sf = sources.get(path);
  if (!sf) sources.set(path, (sf = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true)));
  return sf;
}

/** `./x.service.js` from `file` → the `.ts` path (or the folder's index.ts). */
function resolveImport(file: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(file), spec).replace(/\.js$/, '');
  for (const p of [`${base}.ts`, join(base, 'index.ts')]) if (existsSync(p)) return p;
  return null;
}

/** The import that binds `name` in `sf`: the file it comes from and the name it has there. */
function importOf(sf: ts.SourceFile, name: string): { file: string; name: string; namespace: boolean } | null {
  for (const st of sf.statements) {
    if (!ts.isImportDeclaration(st) || !st.importClause || !ts.isStringLiteral(st.moduleSpecifier)) continue;
    const file = resolveImport(sf.fileName, st.moduleSpecifier.text);
    const bindings = st.importClause.namedBindings;
    if (!file || !bindings) continue;
    if (ts.isNamespaceImport(bindings) && bindings.name.text === name) return { file, name, namespace: true };
    if (ts.isNamedImports(bindings)) {
      for (const el of bindings.elements) if (el.name.text === name) return { file, name: (el.propertyName ?? el.name).text, namespace: false };
    }
  }
  return null;
}

type Declared = { sf: ts.SourceFile; node: ts.Node };

/** Where `name` is declared for `sf`: in it (function, const, type, interface), or through its imports and re-exports. */
function declaration(sf: ts.SourceFile, name: string, seen = new Set<string>()): Declared | null {
  const key = `${sf.fileName}#${name}`;
  if (seen.has(key)) return null;
  seen.add(key);
  for (const st of sf.statements) {
    if ((ts.isFunctionDeclaration(st) || ts.isTypeAliasDeclaration(st) || ts.isInterfaceDeclaration(st)) && st.name?.text === name) return { sf, node: st };
    if (ts.isVariableStatement(st)) {
      for (const d of st.declarationList.declarations) if (ts.isIdentifier(d.name) && d.name.text === name && d.initializer) return { sf, node: d.initializer };
    }
    if (ts.isExportDeclaration(st) && st.moduleSpecifier && ts.isStringLiteral(st.moduleSpecifier) && st.exportClause && ts.isNamedExports(st.exportClause)) {
      const file = resolveImport(sf.fileName, st.moduleSpecifier.text);
      const el = st.exportClause.elements.find((e) => e.name.text === name);
      if (file && el) return declaration(parse(file), (el.propertyName ?? el.name).text, seen);
    }
  }
  const imported = importOf(sf, name);
  return imported && !imported.namespace ? declaration(parse(imported.file), imported.name, seen) : null;
}

/** True when the type node (its aliases and interfaces' bases followed) mentions the contract's EndpointInput. */
function fromContract(sf: ts.SourceFile, type: ts.Node, seen = new Set<string>()): boolean {
  let found = false;
  const visit = (n: ts.Node): void => {
    if (found) return;
    if (ts.isTypeReferenceNode(n) || ts.isExpressionWithTypeArguments(n)) {
      const name = ts.isTypeReferenceNode(n) ? n.typeName.getText(sf) : n.expression.getText(sf);
      if (name === 'EndpointInput') return void (found = true);
      const key = `${sf.fileName}#${name}`;
      if (!seen.has(key) && !name.includes('.')) {
        seen.add(key);
        const d = declaration(sf, name);
        if (d && ts.isTypeAliasDeclaration(d.node) && fromContract(d.sf, d.node.type, seen)) return void (found = true);
        if (d && ts.isInterfaceDeclaration(d.node) && (d.node.heritageClauses ?? []).some((h) => fromContract(d.sf, h, seen))) return void (found = true);
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(type);
  return found;
}

/** The function a route calls: `svc.fn(…)` through `import * as svc`, or `fn(…)` imported or declared in the routes file. */
function callee(sf: ts.SourceFile, expr: ts.Expression): { name: string; fn: Declared } | null {
  if (ts.isPropertyAccessExpression(expr) && ts.isIdentifier(expr.expression)) {
    const ns = importOf(sf, expr.expression.text);
    if (!ns?.namespace) return null;
    const fn = declaration(parse(ns.file), expr.name.text);
    return fn ? { name: expr.name.text, fn } : null;
  }
  if (ts.isIdentifier(expr)) {
    const fn = declaration(sf, expr.text);
    return fn ? { name: expr.text, fn } : null;
  }
  return null;
}

/** `input`, or an object literal spreading it (`{ ...input, company_id }`). */
function passesInput(arg: ts.Expression): boolean {
  if (ts.isIdentifier(arg)) return arg.text === 'input';
  return ts.isObjectLiteralExpression(arg) && arg.properties.some((p) => ts.isSpreadAssignment(p) && ts.isIdentifier(p.expression) && p.expression.text === 'input');
}

/**
 * Every service function a module's routes hand their parsed `input` (whole, or spread into an object) and the
 * parameter that receives it: its type must come from the contract (`EndpointInput<…>` or a type built on it), so a
 * field added to or renamed in an endpoint changes the service's type with it. Scalars taken out of `input`
 * (`input.room_id`) are not checked: they are typed by the call.
 */
export function handWrittenInputs(modulesDir: string): HandWrittenInput[] {
  const out: HandWrittenInput[] = [];
  for (const mod of readdirSync(modulesDir)) {
    const dir = join(modulesDir, mod);
    if (!statSync(dir).isDirectory()) continue;
    // The handlers: `<x>.routes.ts`, or any file of the module that declares `Handlers<…>` (some keep them in index.ts).
    const handlerFiles = readdirSync(dir).filter((n) => n.endsWith('.ts') && !n.endsWith('.test.ts') && (n.endsWith('.routes.ts') || readFileSync(join(dir, n), 'utf8').includes('Handlers<')));
    for (const name of handlerFiles) {
      const sf = parse(join(dir, name));
      const visit = (n: ts.Node): void => {
        if (ts.isCallExpression(n)) {
          const at = n.arguments.findIndex(passesInput);
          const target = at >= 0 ? callee(sf, n.expression) : null;
          const fn = target?.fn.node;
          if (target && fn && (ts.isFunctionDeclaration(fn) || ts.isArrowFunction(fn) || ts.isFunctionExpression(fn))) {
            const param = fn.parameters[at];
            const type = param?.type;
            if (param && !param.dotDotDotToken && (!type || !fromContract(target.fn.sf, type))) {
              // The handler is the outermost property around the call (the endpoint id in the handlers object).
              let h: ts.Node | undefined;
              for (let up: ts.Node | undefined = n; up; up = up.parent) if (ts.isPropertyAssignment(up)) h = up;
              out.push({
                where: `${relative(modulesDir, target.fn.sf.fileName)}:${target.name}`,
                type: type?.getText(target.fn.sf) ?? '(none)',
                handler: h && ts.isPropertyAssignment(h) ? h.name.getText(sf) : '?',
                call: n.getText(sf),
              });
            }
          }
        }
        ts.forEachChild(n, visit);
      };
      visit(sf);
    }
  }
  return [...new Map(out.map((o) => [o.where, o])).values()].sort((a, b) => a.where.localeCompare(b.where));
}
