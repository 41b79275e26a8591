/**
 * The expression language of our BPMN subset: JUEL-like `${…}` (or `#{…}`) over process variables,
 * parsed into a tree and evaluated without `eval`. Supported: literals (numbers, 'strings', "strings",
 * true, false, null), variable names (with `.` property access on objects), `!`/`not`, `&&`/`and`,
 * `||`/`or`, `== != < <= > >=` (and `eq ne lt le gt ge`), `+ - * / %`, unary minus, parentheses.
 */
export type Value = string | number | boolean | null | Value[] | { [key: string]: Value };
export type Variables = Record<string, Value>;

type Node =
  | { k: 'lit'; v: Value }
  | { k: 'var'; path: string[] }
  | { k: 'not'; e: Node }
  | { k: 'neg'; e: Node }
  | { k: 'bin'; op: string; l: Node; r: Node };

export class ExpressionError extends Error {}

const WORD_OPS: Record<string, string> = {
  and: '&&',
  or: '||',
  not: '!',
  eq: '==',
  ne: '!=',
  lt: '<',
  le: '<=',
  gt: '>',
  ge: '>=',
};

interface Token {
  t: 'num' | 'str' | 'id' | 'op';
  v: string;
}

function tokenize(src: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(src[i + 1] ?? ''))) {
      const m = /^\d*\.?\d+(?:[eE][+-]?\d+)?/.exec(src.slice(i));
      if (!m) throw new ExpressionError(`bad number at ${i}`);
      out.push({ t: 'num', v: m[0] });
      i += m[0].length;
      continue;
    }
    if (c === "'" || c === '"') {
      let j = i + 1;
      let s = '';
      while (j < src.length && src[j] !== c) {
        if (src[j] === '\\' && j + 1 < src.length) j++;
        s += src[j];
        j++;
      }
      if (j >= src.length) throw new ExpressionError('unterminated string');
      out.push({ t: 'str', v: s });
      i = j + 1;
      continue;
    }
    if (/[A-Za-z_$]/.test(c)) {
      const m = /^[A-Za-z_$][\w$]*/.exec(src.slice(i));
      const word = m![0];
      if (Object.hasOwn(WORD_OPS, word)) out.push({ t: 'op', v: WORD_OPS[word] });
      else out.push({ t: 'id', v: word });
      i += word.length;
      continue;
    }
    const two = src.slice(i, i + 2);
    if (['&&', '||', '==', '!=', '<=', '>='].includes(two)) {
      out.push({ t: 'op', v: two });
      i += 2;
      continue;
    }
    if ('!<>+-*/%().'.includes(c)) {
      out.push({ t: 'op', v: c });
      i++;
      continue;
    }
    throw new ExpressionError(`unexpected character '${c}'`);
  }
  return out;
}

class Parser {
  private i = 0;
  constructor(private readonly toks: Token[]) {}

  parse(): Node {
    const n = this.or();
    if (this.i < this.toks.length) throw new ExpressionError(`unexpected '${this.toks[this.i].v}'`);
    return n;
  }

  private peek(v: string) {
    const t = this.toks[this.i];
    return t?.t === 'op' && t.v === v;
  }

  private eat(v: string) {
    if (this.peek(v)) {
      this.i++;
      return true;
    }
    return false;
  }

  private or(): Node {
    let l = this.and();
    while (this.eat('||')) l = { k: 'bin', op: '||', l, r: this.and() };
    return l;
  }

  private and(): Node {
    let l = this.cmp();
    while (this.eat('&&')) l = { k: 'bin', op: '&&', l, r: this.cmp() };
    return l;
  }

  private cmp(): Node {
    const l = this.add();
    for (const op of ['==', '!=', '<=', '>=', '<', '>'])
      if (this.eat(op)) return { k: 'bin', op, l, r: this.add() };
    return l;
  }

  private add(): Node {
    let l = this.mul();
    for (;;) {
      if (this.eat('+')) l = { k: 'bin', op: '+', l, r: this.mul() };
      else if (this.eat('-')) l = { k: 'bin', op: '-', l, r: this.mul() };
      else return l;
    }
  }

  private mul(): Node {
    let l = this.unary();
    for (;;) {
      const op = ['*', '/', '%'].find((o) => this.peek(o));
      if (!op) return l;
      this.i++;
      l = { k: 'bin', op, l, r: this.unary() };
    }
  }

  private unary(): Node {
    if (this.eat('!')) return { k: 'not', e: this.unary() };
    if (this.eat('-')) return { k: 'neg', e: this.unary() };
    return this.primary();
  }

  private primary(): Node {
    const t = this.toks[this.i++];
    if (!t) throw new ExpressionError('unexpected end of expression');
    if (t.t === 'num') return { k: 'lit', v: Number(t.v) };
    if (t.t === 'str') return { k: 'lit', v: t.v };
    if (t.t === 'id') {
      if (t.v === 'true') return { k: 'lit', v: true };
      if (t.v === 'false') return { k: 'lit', v: false };
      if (t.v === 'null') return { k: 'lit', v: null };
      const path = [t.v];
      while (this.eat('.')) {
        const next = this.toks[this.i++];
        if (next?.t !== 'id') throw new ExpressionError('property name expected after "."');
        path.push(next.v);
      }
      return { k: 'var', path };
    }
    if (t.v === '(') {
      const e = this.or();
      if (!this.eat(')')) throw new ExpressionError('")" expected');
      return e;
    }
    throw new ExpressionError(`unexpected '${t.v}'`);
  }
}

const EXPR = /^\s*[$#]\{([\s\S]*)\}\s*$/;

/** Whether a text is one `${…}` expression (otherwise it is a literal value). */
const isExpression = (text: string) => EXPR.test(text);

/** Parses `${…}` into a tree; throws `ExpressionError` on a syntax error. */
export function compile(text: string): Node {
  const m = EXPR.exec(text);
  if (!m) throw new ExpressionError('expression must be written as ${…}');
  return new Parser(tokenize(m[1])).parse();
}

function truthy(v: Value): boolean {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'string') return v === 'true';
  throw new ExpressionError(`not a boolean: ${JSON.stringify(v)}`);
}

function num(v: Value): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  throw new ExpressionError(`not a number: ${JSON.stringify(v)}`);
}

function equal(a: Value, b: Value): boolean {
  if (a === null || b === null) return a === b;
  if (typeof a === 'number' || typeof b === 'number') {
    try {
      return num(a) === num(b);
    } catch {
      return false;
    }
  }
  if (typeof a === 'boolean' || typeof b === 'boolean') return String(a) === String(b);
  return a === b;
}

function run(n: Node, vars: Variables): Value {
  switch (n.k) {
    case 'lit':
      return n.v;
    case 'var': {
      if (!Object.prototype.hasOwnProperty.call(vars, n.path[0]))
        throw new ExpressionError(`unknown variable: ${n.path[0]}`);
      let v: Value = vars[n.path[0]];
      for (const p of n.path.slice(1)) {
        if (v === null || typeof v !== 'object' || Array.isArray(v) || !Object.hasOwn(v, p))
          throw new ExpressionError(`unknown property: ${n.path.join('.')}`);
        v = v[p];
      }
      return v;
    }
    case 'not':
      return !truthy(run(n.e, vars));
    case 'neg':
      return -num(run(n.e, vars));
    case 'bin': {
      if (n.op === '&&') return truthy(run(n.l, vars)) && truthy(run(n.r, vars));
      if (n.op === '||') return truthy(run(n.l, vars)) || truthy(run(n.r, vars));
      const l = run(n.l, vars);
      const r = run(n.r, vars);
      switch (n.op) {
        case '==':
          return equal(l, r);
        case '!=':
          return !equal(l, r);
        case '<':
          return num(l) < num(r);
        case '<=':
          return num(l) <= num(r);
        case '>':
          return num(l) > num(r);
        case '>=':
          return num(l) >= num(r);
        case '+':
          return typeof l === 'string' || typeof r === 'string'
            ? `${String(l)}${String(r)}`
            : num(l) + num(r);
        case '-':
          return num(l) - num(r);
        case '*':
          return num(l) * num(r);
        case '/':
          return num(l) / num(r);
        case '%':
          return num(l) % num(r);
      }
      throw new ExpressionError(`unknown operator ${n.op}`);
    }
  }
}

/** Evaluates `${…}`; throws `ExpressionError` for unknown variables or wrong types. */
function evaluate(text: string, vars: Variables): Value {
  return run(compile(text), vars);
}

/** A condition: the expression must yield a boolean (or 'true'/'false'). */
export function evaluateCondition(text: string, vars: Variables): boolean {
  return truthy(evaluate(text, vars));
}

/**
 * A user or group list attribute (`a, ${b}`): literals and expressions separated by commas; an
 * expression may yield a comma-joined text or an array.
 */
export function resolveList(text: string, vars: Variables): string[] {
  const parts: string[] = [];
  // split on commas outside `${…}`
  let depth = 0;
  let cur = '';
  for (const ch of text) {
    if (ch === '{') depth++;
    if (ch === '}') depth--;
    if (ch === ',' && depth === 0) {
      parts.push(cur);
      cur = '';
    } else cur += ch;
  }
  parts.push(cur);
  const out: string[] = [];
  for (const raw of parts.map((p) => p.trim()).filter(Boolean)) {
    if (!isExpression(raw)) {
      out.push(raw);
      continue;
    }
    const v = evaluate(raw, vars);
    const items = Array.isArray(v) ? v : v === null ? [] : String(v).split(',');
    for (const item of items) if (String(item).trim()) out.push(String(item).trim());
  }
  return [...new Set(out)];
}

/** Checks the syntax of every `${…}` in a list attribute (deploy-time validation). */
export function checkList(text: string): void {
  for (const m of text.matchAll(/[$#]\{[^}]*\}/g)) compile(m[0]);
}
