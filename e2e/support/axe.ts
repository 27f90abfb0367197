import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.0 and 2.1, levels A and AA: the rules the portal promises to meet. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

const BLOCKING = new Set(['serious', 'critical']);

/**
 * Runs axe-core on the page as it is now (call it once the splash has gone and dialogs have finished
 * animating) and fails on any 'serious' or 'critical' WCAG 2.1 A/AA violation, listing each rule, its impact,
 * the elements it found and axe's help text. `context` names the screen in the failure message.
 */
export async function expectNoSeriousA11yViolations(page: Page, context: string): Promise<void> {
  // Animations and transitions settled: axe reads computed colours, and a fading dialog has partial opacity.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        void Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))).then(() => resolve());
      }),
  );
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const blocking = results.violations.filter((violation) => BLOCKING.has(violation.impact ?? ''));
  const report = blocking
    .map((violation) => {
      const targets = violation.nodes
        .slice(0, 10)
        .map((node) => `    - ${node.target.join(' ')}${node.failureSummary ? `\n      ${node.failureSummary.replace(/\n/g, '\n      ')}` : ''}`)
        .join('\n');
      const more = violation.nodes.length > 10 ? `\n    … and ${violation.nodes.length - 10} more` : '';
      return `  ${violation.id} (${violation.impact}): ${violation.help}\n    ${violation.helpUrl}\n${targets}${more}`;
    })
    .join('\n');
  // A11Y_REPORT_ONLY=1 lists the violations without failing (to survey every screen in one run).
  if (process.env.A11Y_REPORT_ONLY) {
    if (report) console.log(`A11Y ${context}:\n${report}`);
    return;
  }
  // Soft: one journey reports every screen's violations, not only the first screen's.
  expect.soft(report ? `\n${report}\n` : 'none', `serious or critical accessibility violations on ${context}`).toBe('none');
}
