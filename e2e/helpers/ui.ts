// Small page actions the specs share: signing in, PIN entry, language, screenshots.
import { expect, type Browser, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_PASSWORD } from './users.js';

export const SCREENS_DIR = join(import.meta.dirname, '..', 'artifacts', 'screens');
const LAPTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

/** Screenshots of the current screen at laptop and phone sizes, for human review. */
export async function snap(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENS_DIR, { recursive: true });
  const original = page.viewportSize() ?? LAPTOP;
  for (const [size, viewport] of [
    ['laptop', LAPTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    // Let layout transitions (navbar, drawers) finish; a fixed header is drawn at the scroll
    // position in a full-page capture, so start from the top.
    await page.waitForTimeout(400);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({
      path: join(SCREENS_DIR, `${name}.${size}.png`),
      fullPage: true,
      animations: 'disabled',
    });
  }
  await page.setViewportSize(original);
}

export async function fillLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/** Types a code into the PIN field, whether it is one input or Mantine's one-input-per-digit. */
export async function fillPin(page: Page, code: string): Promise<void> {
  const pin = page.getByTestId('pin-input');
  await expect(pin).toBeVisible();
  const tag = await pin.evaluate((el) => el.tagName.toLowerCase());
  if (tag === 'input') {
    await pin.fill(code);
    return;
  }
  await pin.locator('input').first().click();
  await page.keyboard.type(code);
}

/** Picks a language on the EN / ID switch every layout shows. */
export async function switchLanguage(page: Page, language: 'en' | 'id'): Promise<void> {
  const control = page.getByTestId('lang-switch');
  await control.getByText(language.toUpperCase(), { exact: true }).click();
  await expect(control.getByRole('radio', { name: language.toUpperCase() })).toBeChecked();
}

export async function logout(page: Page): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login(\?|$)/);
}

/** One screenshot of the current viewport, for screens a spec sizes itself. */
export async function shot(page: Page, name: string, settleMs = 400): Promise<void> {
  mkdirSync(SCREENS_DIR, { recursive: true });
  await page.waitForTimeout(settleMs);
  await page.screenshot({ path: join(SCREENS_DIR, `${name}.png`), animations: 'disabled' });
}

/** Sets a 24-hour time picker (Mantine's TimePicker: an hours and a minutes field) to "HH:mm". */
export async function fillTime(page: Page, testId: string, value: string): Promise<void> {
  const [hours = '', minutes = ''] = value.split(':');
  await page.getByTestId(`${testId}-hours`).fill(hours);
  await page.getByTestId(`${testId}-minutes`).fill(minutes);
  await expect(page.getByTestId(`${testId}-value`)).toHaveValue(value);
}

/** The "HH:mm" a time picker holds. */
export function readTime(page: Page, testId: string): Promise<string> {
  return page.getByTestId(`${testId}-value`).inputValue();
}

/** Signs `email` in with the demo password in a browser context of its own. */
export async function signInAs(browser: Browser, baseURL: string | undefined, email: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('/login');
  await fillLogin(page, email, DEMO_PASSWORD);
  await expect(page.getByTestId('nav-dashboard')).toBeVisible();
  return { context, page };
}
