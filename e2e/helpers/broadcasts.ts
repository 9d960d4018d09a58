import { expect, type Page } from '@playwright/test';

const countOf = async (page: Page, testId: string) =>
  Number((await page.getByTestId(testId).innerText()).replace(/\D/g, ''));

/**
 * On a broadcast's result page: waits until all `recipients` reached the phones (delivered or
 * read), `read` of them read, and the broadcast is Completed.
 */
export async function expectBroadcastDone(
  page: Page,
  { recipients, read, timeout = 45_000 }: { recipients: number; read: number; timeout?: number },
): Promise<void> {
  await expect(page).toHaveURL(/\/broadcast\/result\/[0-9a-f-]{36}$/, { timeout: 15_000 });
  await expect
    .poll(
      async () => (await countOf(page, 'count-delivered')) + (await countOf(page, 'count-read')),
      { timeout },
    )
    .toBe(recipients);
  await expect(page.getByTestId('count-read')).toContainText(String(read), { timeout: 30_000 });
  await expect(page.getByTestId('broadcast-status')).toHaveText('Completed', { timeout: 30_000 });
}
