const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `%` and `_` typed in a search box are literal characters, not wildcards. */
export function containsPattern(fragment: string): string {
  return `%${escapeLike(fragment)}%`;
}

export function startsWithPattern(prefix: string): string {
  return `${escapeLike(prefix)}%`;
}
