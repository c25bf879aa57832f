import axe from 'axe-core';
import type { Page } from 'playwright-core';

/** The impacts a screen may not have: serious and critical violations keep someone from using it. */
const blocking = new Set(['serious', 'critical']);

/**
 * axe-core's serious and critical violations on what the page shows now, one line each with the rule, its help
 * text and up to five offending elements, so a failing test names what to fix. Empty when the page is clean.
 */
export async function seriousAccessibilityViolations(page: Page): Promise<string[]> {
  // Evaluated, not added as a <script>: the gateway's Content-Security-Policy rightly refuses inline scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const results = await page.evaluate(() =>
    (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'] }),
  );
  return results.violations
    .filter((violation) => blocking.has(violation.impact ?? ''))
    .map((violation) => {
      const targets = violation.nodes.slice(0, 5).map((node) => node.target.join(' '));
      return `${violation.id} (${violation.impact}): ${violation.help}: ${targets.join(', ')}`;
    });
}
