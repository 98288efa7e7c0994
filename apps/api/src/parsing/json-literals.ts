import { fieldOf } from '@pets/contract';
/** A digit followed by `.`, `e` or `E`: what every number literal with a fraction or exponent has. */
const MAYBE_NON_INTEGER = /[0-9][.eE]/;

interface Frame {
  kind: 'object' | 'array';
  /** The current member's name (objects) or element's index (arrays). */
  key: string;
  index: number;
  /** Objects: the next string is a member name. */
  expectKey: boolean;
}

/**
 * The fields (as error details name them: `items[3].petId`) whose values were written as number
 * literals with a fraction or an exponent: `1.0`, `1e3`, `9007199254740991.4`. `JSON.parse` turns
 * these into numbers that may be whole, so the text is the only place to tell. `text` must already
 * be valid JSON. One pass, no recursion (a body may nest thousands of levels).
 */
export function nonIntegerLiterals(text: string): string[] {
  if (!MAYBE_NON_INTEGER.test(text)) return [];
  const found: string[] = [];
  const stack: Frame[] = [];
  const path = () =>
    fieldOf(stack.map((frame) => (frame.kind === 'object' ? frame.key : frame.index)));
  let i = 0;
  while (i < text.length) {
    const character = text[i] ?? '';
    const top = stack[stack.length - 1];
    switch (character) {
      case '{':
        stack.push({ kind: 'object', key: '', index: 0, expectKey: true });
        i++;
        break;
      case '[':
        stack.push({ kind: 'array', key: '', index: 0, expectKey: false });
        i++;
        break;
      case '}':
      case ']':
        stack.pop();
        i++;
        break;
      case ',':
        if (top?.kind === 'array') top.index++;
        else if (top) top.expectKey = true;
        i++;
        break;
      case ':':
        if (top) top.expectKey = false;
        i++;
        break;
      case '"': {
        let end = i + 1;
        while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
        if (top?.kind === 'object' && top.expectKey)
          top.key = JSON.parse(text.slice(i, end + 1)) as string;
        i = end + 1;
        break;
      }
      default: {
        if (character === '-' || (character >= '0' && character <= '9')) {
          let end = i + 1;
          while (end < text.length && /[0-9+\-.eE]/.test(text[end] ?? '')) end++;
          if (/[.eE]/.test(text.slice(i, end))) found.push(path());
          i = end;
        } else {
          // White space, true, false, null.
          i++;
        }
      }
    }
  }
  return found;
}
