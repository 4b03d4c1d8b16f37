import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

/**
 * The Chromium the page tests drive: CHROMIUM_PATH, else a system one (Debian's `chromium`,
 * Ubuntu's `chromium-browser`, Chrome), else the one `playwright-core install chromium` downloads.
 */
export function findChromium(): string | null {
  // A path set on purpose and wrong is a mistake to hear about, not a reason to take another browser.
  const chosen = process.env.CHROMIUM_PATH;
  if (chosen) return existsSync(chosen) ? chosen : null;
  const candidates = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', chromium.executablePath()];
  return candidates.find((p) => existsSync(p)) ?? null;
}

export const NO_CHROMIUM_HELP = 'the page tests (test/ui/page.test.ts) need Chromium: install it (Debian: apt-get install chromium), '
  + 'let `npx playwright-core install chromium` download one, or set CHROMIUM_PATH to a Chromium or Chrome binary';
