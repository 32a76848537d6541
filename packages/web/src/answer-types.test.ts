import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { auditFields } from '@fleet/shared/resources/define.ts';
import { resources } from '@fleet/shared/resources/index.ts';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Answer types come from @fleet/shared (docs/architecture.md): the web infers them from the server's answer schemas
 * (`z.infer`) and the resource definitions, and never writes an answer's fields again. This finds an object type
 * the web (the app or its e2e tests) gives as the type of an answer — a type argument of an API call, or an
 * interface or alias of the same file that one names — whose fields, three or more, are all fields of one shared
 * answer object or resource row: a copy of (part of) an answer.
 */
const SRC = dirname(fileURLToPath(import.meta.url));
const WEB = dirname(SRC);

/** Every module of the shared answers (answers/*.ts and the bunkering/ROB answers of bunker.ts). */
const ANSWER_MODULES: Record<string, Record<string, unknown>> = import.meta.glob(
  ['../../shared/src/answers/*.ts', '../../shared/src/bunker.ts'],
  { eager: true },
);

/** A zod schema's internals (zod 4): its kind and the parts it wraps. */
type Def = { type: string; [k: string]: unknown };
const defOf = (s: unknown): Def | undefined => (s as { _zod?: { def?: Def } } | null)?._zod?.def;

/** The field names of every object inside `schema` (nested objects, array items, unions …), by where they sit. */
function objectShapes(schema: unknown, where: string, out: Map<string, Set<string>>, seen = new Set<unknown>()): void {
  const def = defOf(schema);
  // a recursive schema (the report's blocks) is walked once
  if (!def || seen.has(schema)) return;
  seen.add(schema);
  const walk = (s: unknown, w: string): void => objectShapes(s, w, out, seen);
  if (def.type === 'object') {
    const shape = def.shape as Record<string, unknown>;
    out.set(where, new Set(Object.keys(shape)));
    for (const [k, s] of Object.entries(shape)) walk(s, `${where}.${k}`);
  } else if (def.type === 'array') walk(def.element, `${where}[]`);
  else if (def.type === 'record') walk(def.valueType, `${where}{}`);
  else if (def.type === 'union') for (const [i, s] of (def.options as unknown[]).entries()) walk(s, `${where}|${i}`);
  else if (def.type === 'pipe') {
    walk(def.in, where);
    walk(def.out, where);
  } else if (def.type === 'lazy') walk((def.getter as () => unknown)(), where);
  else if ('innerType' in def) walk(def.innerType, where);
}

/** The field sets a web type must not restate: every shared answer object, and every resource's row. */
function sharedShapes(): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const [path, mod] of Object.entries(ANSWER_MODULES))
    for (const [name, value] of Object.entries(mod))
      objectShapes(value, `${path.replace(/^.*src\//, '')} ${name}`, out);
  for (const def of Object.values(resources)) {
    const audit = Object.values(auditFields(def) ?? {});
    const joins = def.joins.map((j) => j.as);
    out.set(`resource ${def.name}`, new Set([def.id, ...Object.keys(def.fields), ...audit, ...joins]));
  }
  return out;
}

function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) files.push(...sourceFiles(p));
    else if (/\.(ts|tsx)$/.test(e.name) && !/\.(test|d)\.tsx?$/.test(e.name)) files.push(p);
  }
  return files;
}

/** Calls whose type argument is an answer: the API client, the e2e helpers, react-query and the resource hooks. */
const ANSWER_CALLS = new Set([
  'get',
  'list',
  'post',
  'put',
  'delete',
  'request',
  'apiGet',
  'useQuery',
  'setQueryData',
  'useResourceList',
  'useResourceRow',
  'fetchResourcePage',
]);

/**
 * The object types a file gives as an answer's type: the type arguments of ANSWER_CALLS, with the interfaces and
 * type aliases of the same file they name (and those they name in turn), each with its field names and line. In
 * the API layer (src/api/) every interface and alias counts: it is where answers are read.
 */
function answerTypes(path: string, text: string): { line: number; fields: string[] }[] {
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const declared = new Map<string, ts.Node>();
  const roots: ts.Node[] = [];
  const apiLayer = /^src\/api\//.test(path);
  const scan = (node: ts.Node) => {
    if (ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) {
      declared.set(node.name.text, node);
      if (apiLayer) roots.push(node);
    }
    if (ts.isCallExpression(node) && node.typeArguments) {
      const callee = node.expression;
      const name = ts.isPropertyAccessExpression(callee)
        ? callee.name.text
        : ts.isIdentifier(callee)
          ? callee.text
          : '';
      if (ANSWER_CALLS.has(name)) roots.push(...node.typeArguments);
    }
    ts.forEachChild(node, scan);
  };
  scan(file);
  const found: { line: number; fields: string[] }[] = [];
  const seen = new Set<ts.Node>();
  const visit = (node: ts.Node) => {
    if (seen.has(node)) return;
    seen.add(node);
    if (ts.isTypeReferenceNode(node) && ts.isIdentifier(node.typeName)) {
      const target = declared.get(node.typeName.text);
      if (target) visit(target);
    }
    if (ts.isInterfaceDeclaration(node) || ts.isTypeLiteralNode(node)) {
      const fields = node.members
        .filter(ts.isPropertySignature)
        .map((m) => (ts.isIdentifier(m.name) || ts.isStringLiteral(m.name) ? m.name.text : ''))
        .filter(Boolean);
      found.push({ line: file.getLineAndCharacterOfPosition(node.getStart()).line + 1, fields });
    }
    ts.forEachChild(node, visit);
  };
  for (const r of roots) visit(r);
  return found;
}

/**
 * Where a written answer type restates a shared shape: three or more of its fields, and four in five at least,
 * are fields of that shape (a copy, perhaps with a field the hooks add). Named by the shape it covers most of.
 */
function copies(path: string, text: string, shapes: Map<string, Set<string>>): string[] {
  const out: string[] = [];
  for (const t of answerTypes(path, text)) {
    let best: { name: string; cover: number } | null = null;
    for (const [name, keys] of shapes) {
      const shared = t.fields.filter((f) => keys.has(f)).length;
      if (shared < 3 || shared < 0.8 * t.fields.length) continue;
      const cover = shared / keys.size;
      if (!best || cover > best.cover || (cover === best.cover && name.length < best.name.length))
        best = { name, cover };
    }
    if (best) out.push(`${path}:${t.line} { ${t.fields.join(', ')} } restates ${best.name}`);
  }
  return out;
}

describe('answer types come from @fleet/shared', () => {
  const shapes = sharedShapes();

  it('no web type restates the fields of a shared answer or resource row', () => {
    const found = [...sourceFiles(SRC), ...sourceFiles(join(WEB, 'e2e'))].flatMap((f) =>
      copies(relative(WEB, f), readFileSync(f, 'utf8'), shapes),
    );
    expect(found).toEqual([]);
  });

  it('finds a copy when there is one (the checker itself works)', () => {
    expect([...shapes.keys()]).toEqual(expect.arrayContaining(['answers/pulse.ts pulseRowSchema', 'resource asset']));
    const text = `
      interface Tracker { devcId: number; devcName: string; lastFrameTime: number | null }
      const a = api.get<Tracker[]>('/tracker/status');
      const b = api.get<{ series: { devcUniqueId: string; devcType: string; timestamp: number }[] }>('/x');
      const c = api.get<{ massId: number; name: string; online: boolean }>('/y');
      interface Props { massId: number; start: number; end: number }
      const d = useQuery<{ massId: number; massName: string }>({});`;
    expect(copies('x.ts', text, shapes)).toEqual([
      'x.ts:2 { devcId, devcName, lastFrameTime } restates answers/tracker.ts trackerStatusSchema',
      expect.stringMatching(/^x\.ts:4 \{ devcUniqueId, devcType, timestamp \} restates /),
    ]);
  });
});
