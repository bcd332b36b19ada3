// Load-time type inference for what is certain without data: literal types and the results of
// operators. Used by the checker to reject conditions and operands that can never be valid.

import type { Expr } from './ast.js';
import { typeName } from './values.js';

/** The type an expression certainly has, or undefined when it depends on data. */
export function staticType(e: Expr): string | undefined {
  switch (e.kind) {
    case 'literal':
      return typeName(e.value);
    case 'list':
      return 'list';
    case 'map':
      return 'map';
    case 'path':
      return 'path';
    case 'is':
      return 'bool';
    case 'unary':
      return e.op === '!' ? 'bool' : numeric(staticType(e.operand));
    case 'binary':
      switch (e.op) {
        case '&&':
        case '||':
        case '==':
        case '!=':
        case '<':
        case '<=':
        case '>':
        case '>=':
        case 'in':
          return 'bool';
        default: {
          const l = staticType(e.left);
          const r = staticType(e.right);
          if (l === undefined || r === undefined) return undefined;
          if (l === 'int' && r === 'int') return 'int';
          if (numeric(l) && numeric(r)) return 'float';
          if (e.op === '+' && l === r && (l === 'string' || l === 'list')) return l;
          return undefined;
        }
      }
    case 'ternary': {
      const a = staticType(e.then);
      return a !== undefined && a === staticType(e.else) ? a : undefined;
    }
    default:
      return undefined;
  }
}

function numeric(t: string | undefined): string | undefined {
  return t === 'int' || t === 'float' ? t : undefined;
}

const ARITHMETIC_TYPES: Record<string, string[][]> = {
  '+': [['int', 'float'], ['string'], ['list'], ['timestamp', 'duration']],
  '-': [
    ['int', 'float'],
    ['timestamp', 'duration'],
  ],
  '*': [['int', 'float']],
  '/': [['int', 'float']],
  '%': [['int', 'float']],
};

/** A message when the expression is certainly a type error, else undefined. */
export function staticTypeError(e: Expr): string | undefined {
  const needBool = (operand: Expr, what: string) => {
    const t = staticType(operand);
    return t !== undefined && t !== 'bool' ? `${what} needs a bool, got ${t}` : undefined;
  };
  switch (e.kind) {
    case 'unary': {
      if (e.op === '!') return needBool(e.operand, 'operator !');
      const t = staticType(e.operand);
      return t !== undefined && t !== 'int' && t !== 'float' && t !== 'duration'
        ? `operator - needs a number, got ${t}`
        : undefined;
    }
    case 'ternary':
      return needBool(e.test, 'the condition of ?:');
    case 'binary': {
      if (e.op === '&&' || e.op === '||') return needBool(e.left, `operator ${e.op}`) ?? needBool(e.right, `operator ${e.op}`);
      const allowed = ARITHMETIC_TYPES[e.op];
      if (!allowed) return undefined;
      const l = staticType(e.left);
      const r = staticType(e.right);
      if (l === undefined || r === undefined) return undefined;
      const ok = allowed.some((group) => group.includes(l) && group.includes(r));
      return ok ? undefined : `operator ${e.op} is not defined for ${l} and ${r}`;
    }
    default:
      return undefined;
  }
}
