import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/**
 * The messages the server can send in an error envelope, read from its source: the literals given to badRequest,
 * notFound ("… not found"), forbidden, conflict, new AppError, fail, fileTooLarge and the errors whose message a
 * route passes on (SeriesError, TrackerOffline, CommandTimeout); zod messages (`message:` / `error:` properties, the
 * message argument of refine, regex, min, max, int, positive, email …); the third argument of add(errors, field, …);
 * constants named *_MESSAGE, *_MESSAGES, *_EXCEPTIONS, default `message` parameters, and the texts returned by
 * functions named *Message, *Problem or `error`. Texts without a space (a field name) are left out. A template literal becomes a sample: each `${…}` is the value of a
 * same-file string constant it names, else `SAMPLE`.
 */
export const SAMPLE = 'Sample';

export interface FoundMessage {
  file: string;
  line: number;
  /** the message, with SAMPLE for each value the source computes */
  text: string;
  /** 'term': a title or part that goes into a message (notFound's title, tooMany's what) */
  kind: 'message' | 'term';
}

const CALLS = new Set([
  'badRequest',
  'forbidden',
  'conflict',
  'fail',
  'fileTooLarge',
  'AppError',
  'SeriesError',
  'TrackerOffline',
  'CommandTimeout',
  'tooMany',
]);
const ZOD_METHODS = new Set([
  'refine',
  'regex',
  'min',
  'max',
  'int',
  'positive',
  'nonnegative',
  'email',
  'length',
  'gte',
  'lte',
  'gt',
  'lt',
  'url',
  'uuid',
]);
/** zod entry points whose first argument is a message or `{ error }` (z.string('msg'), z.object(shape, 'msg')) */
const MESSAGE_PROPS = new Set(['message', 'error']);

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...sourceFiles(p));
    else if (e.name.endsWith('.ts') && !e.name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** The string constants of a file (const X = '…' or a template of other constants). */
function fileConstants(sf: ts.SourceFile): Map<string, string> {
  const out = new Map<string, string>();
  const visit = (n: ts.Node) => {
    if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.initializer) {
      const v = staticText(n.initializer, out);
      if (v !== null && !v.includes(SAMPLE)) out.set(n.name.text, v);
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

/** The text of a string expression: literals exact, each computed part SAMPLE; null for anything else. */
function staticText(e: ts.Expression, consts: Map<string, string>): string | null {
  if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return e.text;
  if (ts.isParenthesizedExpression(e)) return staticText(e.expression, consts);
  if (ts.isTemplateExpression(e)) {
    let s = e.head.text;
    for (const span of e.templateSpans) {
      const inner = span.expression;
      const c = ts.isIdentifier(inner) ? consts.get(inner.text) : undefined;
      s += (c ?? SAMPLE) + span.literal.text;
    }
    return s;
  }
  if (ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    const a = staticText(e.left, consts);
    const b = staticText(e.right, consts);
    return a === null && b === null ? null : (a ?? SAMPLE) + (b ?? SAMPLE);
  }
  return null;
}

/** Every message text an expression may evaluate to (both branches of ?: and ??, elements of arrays, object values). */
function messagesOf(e: ts.Expression, consts: Map<string, string>): string[] {
  if (ts.isParenthesizedExpression(e) || ts.isAsExpression(e)) return messagesOf(e.expression, consts);
  if (ts.isConditionalExpression(e)) return [...messagesOf(e.whenTrue, consts), ...messagesOf(e.whenFalse, consts)];
  if (ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken)
    return [...messagesOf(e.left, consts), ...messagesOf(e.right, consts)];
  if (ts.isArrayLiteralExpression(e)) return e.elements.flatMap((x) => messagesOf(x as ts.Expression, consts));
  if (ts.isObjectLiteralExpression(e))
    return e.properties.flatMap((p) => (ts.isPropertyAssignment(p) ? messagesOf(p.initializer, consts) : []));
  if (ts.isArrowFunction(e) && !ts.isBlock(e.body)) return messagesOf(e.body, consts);
  const t = staticText(e, consts);
  return t === null ? [] : [t];
}

const calleeName = (c: ts.CallExpression | ts.NewExpression): string | undefined => {
  const x = c.expression;
  if (ts.isIdentifier(x)) return x.text;
  if (ts.isPropertyAccessExpression(x)) return x.name.text;
  return undefined;
};

export function scanMessages(roots: string[], base: string): FoundMessage[] {
  const found: FoundMessage[] = [];
  for (const file of roots.flatMap(sourceFiles)) {
    const text = readFileSync(file, 'utf8');
    const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
    const consts = fileConstants(sf);
    const add = (node: ts.Node, texts: string[], kind: FoundMessage['kind'] = 'message') => {
      for (const t of texts)
        if (/[A-Za-z]{2}/.test(t.replaceAll(SAMPLE, '')) && (kind === 'term' ? !t.includes(SAMPLE) : t.includes(' ')))
          found.push({
            file: relative(base, file),
            line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1,
            text: t,
            kind,
          });
    };
    const visit = (n: ts.Node) => {
      if (ts.isCallExpression(n) || ts.isNewExpression(n)) {
        const name = calleeName(n);
        const args = n.arguments ?? [];
        if (name === 'add' && args.length === 3) add(n, messagesOf(args[2], consts));
        else if (name === 'notFound' && args[0]) {
          add(
            n,
            messagesOf(args[0], consts).map((w) => `${w} not found`),
          );
          add(n, messagesOf(args[0], consts), 'term');
        } else if (name === 'tooMany' && args[0]) add(n, messagesOf(args[0], consts), 'term');
        else if ((name === 'AppError' || name === 'fileTooLarge') && args[1]) add(n, messagesOf(args[1], consts));
        else if (name && CALLS.has(name) && args[0]) add(n, messagesOf(args[0], consts));
        else if (name && ZOD_METHODS.has(name) && ts.isPropertyAccessExpression(n.expression)) {
          const last = args[args.length - 1];
          if (last && args.length >= (name === 'email' || name === 'int' || name === 'positive' ? 1 : 2))
            add(
              n,
              messagesOf(last, consts).filter((t) => !ts.isObjectLiteralExpression(last) || t),
            );
        }
      }
      if (ts.isPropertyAssignment(n) && MESSAGE_PROPS.has(n.name.getText(sf)))
        add(n, messagesOf(n.initializer, consts));
      if (
        ts.isVariableDeclaration(n) &&
        ts.isIdentifier(n.name) &&
        /(_MESSAGES?|_EXCEPTIONS)$/.test(n.name.text) &&
        n.initializer
      )
        add(n, messagesOf(n.initializer, consts));
      // a default message: (message = '…') =>
      if (ts.isParameter(n) && ts.isIdentifier(n.name) && /message/i.test(n.name.text) && n.initializer)
        add(n, messagesOf(n.initializer, consts));
      // functions named …Message: their returned texts
      const fnName =
        (ts.isFunctionDeclaration(n) && n.name?.text) ||
        (ts.isVariableDeclaration(n) &&
          ts.isIdentifier(n.name) &&
          n.initializer &&
          (ts.isArrowFunction(n.initializer) || ts.isFunctionExpression(n.initializer)) &&
          n.name.text);
      if (fnName && (/(Message|Problem)$/.test(fnName) || fnName === 'error')) {
        const fn = (
          ts.isFunctionDeclaration(n) ? n : (n as ts.VariableDeclaration).initializer
        ) as ts.FunctionLikeDeclaration;
        const body = fn.body;
        if (body && !ts.isBlock(body)) add(n, messagesOf(body as ts.Expression, consts));
        else if (body) {
          const ret = (m: ts.Node) => {
            if (ts.isReturnStatement(m) && m.expression) add(m, messagesOf(m.expression, consts));
            ts.forEachChild(m, ret);
          };
          ret(body);
        }
      }
      ts.forEachChild(n, visit);
    };
    visit(sf);
  }
  return found;
}
