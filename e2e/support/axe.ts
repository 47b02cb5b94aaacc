import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

const AXE = path.resolve(__dirname, '../../node_modules/axe-core/axe.min.js');

export interface AxeFinding {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core in the page (read from node_modules: `@axe-core/playwright` is not a
 * dependency) and answers its serious and critical findings, each with the elements it names.
 */
export async function seriousAxeFindings(page: Page): Promise<AxeFinding[]> {
  // A dialog fading in reads as low contrast: axe looks once every transition has ended.
  // (Transitions only: a progress bar's animation never ends.)
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => !(animation instanceof CSSTransition) || animation.playState !== 'running'),
  );
  // The app's CSP refuses inline scripts (addScriptTag's way); an evaluation is not a script tag.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(fs.readFileSync(AXE, 'utf8'));
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: string[]; html: string }> }> }> } }).axe;
    const { violations } = await axe.run(document, { resultTypes: ['violations'] });
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`) }));
  });
}
