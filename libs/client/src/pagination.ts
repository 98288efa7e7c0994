/** The target of `rel="next"` in a `Link` header, or `undefined` on the last page. */
export function nextLink(header: string | null): string | undefined {
  if (header === null) return undefined;
  for (const part of header.split(/,(?=\s*<)/)) {
    const match = /^\s*<([^>]*)>\s*;(.*)/.exec(part);
    // Stryker disable next-line StringLiteral: the `(.*)` group takes part in every match; `??` is for the type checker
    if (match && /(^|;)\s*rel="?next"?\s*(;|$)/i.test(match[2] ?? '')) return match[1];
  }
  return undefined;
}
