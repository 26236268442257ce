/*
 * Test-only: the system's Chromium (Debian's `chromium`, or CHROMIUM_PATH) driven by puppeteer-core, which never
 * downloads a browser. Screenshots go to artifacts/ (git-ignored), kept as the browser suite's artifacts.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { repositoryRoot } from '#tooling/repository-root.js';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const ARTIFACTS_DIR = join(repositoryRoot, 'artifacts');

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`No Chromium at ${CHROMIUM_PATH}: apt-get install -y chromium, or set CHROMIUM_PATH`);
  }
  return puppeteer.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    // Root (CI containers) cannot use Chromium's sandbox; /dev/shm is small in containers.
    args: [...(process.getuid?.() === 0 ? ['--no-sandbox'] : []), '--disable-dev-shm-usage'],
  });
}

/** Saves a PNG of the page under artifacts/ and returns its path. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  const path = join(ARTIFACTS_DIR, name);
  mkdirSync(dirname(path), { recursive: true });
  await page.screenshot({ path: path as `${string}.png`, fullPage: true });
  return path;
}
