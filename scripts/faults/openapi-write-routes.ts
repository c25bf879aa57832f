/** The methods that change something; GET, HEAD and OPTIONS only read. */
const writeMethods = ['post', 'put', 'patch', 'delete'] as const;

/**
 * Every write operation of an OpenAPI document, as `METHOD /path/{param}` (the document's own path template),
 * sorted. The soak and the bad-input test key their tables by these, so a route added to any service shows up
 * here without anyone editing a list.
 */
export function writeOperations(document: { paths?: Record<string, Record<string, unknown>> }): string[] {
  const operations: string[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of writeMethods) {
      if (item[method] !== undefined) operations.push(`${method.toUpperCase()} ${path}`);
    }
  }
  return operations.sort();
}
