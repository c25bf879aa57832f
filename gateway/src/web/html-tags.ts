/** The characters that could end a double-quoted attribute value or start markup or an entity inside it. */
const attributeEscapes: Record<string, string> = {
  '&': '&amp;',
  '"': '&quot;',
  "'": '&#39;',
  '<': '&lt;',
  '>': '&gt;',
};

export function escapeAttribute(value: string): string {
  return value.replace(/[&"'<>]/g, (character) => attributeEscapes[character] ?? character);
}

/**
 * A void element (`<meta>`, `<link>`) with every attribute value escaped: the only way the gateway writes
 * markup into the shell's page, so no value is ever put in unescaped. Attribute names are fixed by the callers.
 */
export function voidElement(name: 'meta' | 'link', attributes: Record<string, string>): string {
  const written = Object.entries(attributes).map(([key, value]) => ` ${key}="${escapeAttribute(value)}"`);
  return `<${name}${written.join('')}>`;
}
