/** Plan and status values are lower-case words; the selects show them as SPEC.md §2 names them. */
export function capitalized(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
