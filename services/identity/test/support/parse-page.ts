import { Window } from 'happy-dom';

const window = new Window();

/**
 * The document a browser would build from a page's HTML: assertions read elements and attributes as the browser
 * sees them, whatever the spelling of the markup (attribute order and case, `<input/>` or `<input>`).
 */
export function parsePage(html: string): Document {
  return new window.DOMParser().parseFromString(html, 'text/html') as unknown as Document;
}

/** Every attribute of the element the selector finds, by its lower-case name. */
export function attributesOf(document: Document, selector: string): Record<string, string> {
  const element = document.querySelector(selector);
  if (element === null) throw new Error(`no element matches ${selector}`);
  return Object.fromEntries([...element.attributes].map((attribute) => [attribute.name, attribute.value]));
}
