import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { ADMIN_TOKEN } from './support';
import {
  buyUsdtAtMarket,
  depositMargin,
  enterPin,
  expectNoSidewaysScroll,
  signUpFrom,
  topUpInSandbox,
} from './wallet-support';

const CONTRACT = 'BTCUSDT-PERP';

/** The sandbox operator's scripted move of the contract's index and quotes (1 undoes it). */
async function moveIndex(request: APIRequestContext, factor: string): Promise<void> {
  const headers = { Authorization: `Bearer ${ADMIN_TOKEN}` };
  const moved = await request.post('/api/admin/perps/index-factor', { headers, data: { symbol: CONTRACT, factor } });
  expect(moved.status(), await moved.text()).toBe(200);
  const ran = await request.post('/api/admin/perps/run-jobs', { headers });
  expect(ran.status(), await ran.text()).toBe(200);
}

/** The unrealised P&L of the position card, as shown (`+₮0,12 (+1,3400%)`). */
function pnlOf(card: Locator): Locator {
  return card.getByTestId('perp-pnl');
}

/** Reviews and confirms a market long of `quantity` contracts in `panel`, with the PIN. */
async function openLong(page: Page, panel: Locator, quantity: string): Promise<void> {
  await panel.getByRole('textbox', { name: 'Jumlah' }).fill(quantity);
  await expect(panel.getByRole('region', { name: 'Estimasi' })).toContainText('Margin awal (10x)');
  await panel.getByRole('button', { name: `Tinjau long ${CONTRACT}` }).click();
  const review = page.getByRole('dialog', { name: `Tinjau long ${CONTRACT}` });
  await expect(review).toContainText(`Anda membuka atau menambah long ${quantity} ${CONTRACT} dengan 10x`);
  await review.getByRole('button', { name: 'Konfirmasi order' }).click();
  await enterPin(page);
  await expect(page.getByText(`Order Long ${CONTRACT} dipasang.`)).toBeVisible();
}

/** Closes the position from its card: the estimate, the confirmation, the PIN; the card goes. */
async function closePosition(page: Page, activity: Locator): Promise<void> {
  await activity.getByRole('button', { name: `Tutup posisi ${CONTRACT}` }).click();
  const dialog = page.getByRole('dialog', { name: `Tutup ${CONTRACT}` });
  await expect(dialog).toContainText(/P&L terealisasi \(est\.\)[+-]?₮\d/);
  await dialog.getByRole('button', { name: 'Tutup di harga pasar' }).click();
  await enterPin(page);
  await expect(page.getByText(`Order penutupan ${CONTRACT} dikirim.`)).toBeVisible();
  await expect(activity.getByText('Belum ada posisi futures terbuka.')).toBeVisible({ timeout: 20_000 });
}

test.describe('Perpetual futures (issue 13)', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test.afterEach(async ({ request }) => {
    await moveIndex(request, '1');
  });

  test('R2.02 R2.15 deposit margin, open a 10x long on BTCUSDT-PERP, see its P&L move live, close it, at 1440 and 390 px', async ({
    page,
    request,
  }) => {
    test.setTimeout(300_000);
    await signUpFrom(page, '/balance/futures');
    await topUpInSandbox(page, '500000');
    await buyUsdtAtMarket(page, '400000');
    await depositMargin(page, '20');

    // Futures are reached from the portfolio's futures tab (R2.15), which opens the default contract (R2.02).
    await page.goto('/portfolio');
    await page.getByRole('tab', { name: 'Futures' }).click();
    await expect(page).toHaveURL(/\/portfolio\?tab=futures$/);
    await expect(page.getByRole('region', { name: 'Margin futures' })).toContainText('₮20,00');
    await page.getByRole('link', { name: 'Trading futures' }).click();
    await expect(page).toHaveURL(new RegExp(`/trade/${CONTRACT}$`));

    // 1440 px: the facts under the header, the panel beside the chart.
    const facts = page.getByRole('region', { name: 'Harga dan funding futures' });
    await expect(facts.getByRole('group', { name: 'Harga mark' })).toContainText(/₮\d/);
    await expect(facts.getByRole('group', { name: 'Funding berikutnya' })).toContainText(
      /^Funding berikutnya\d{2}:\d{2}:\d{2}$/,
    );
    const panel = page.getByRole('region', { name: 'Transaksi', exact: true });
    const slider = panel.getByRole('slider', { name: 'Leverage' });
    await expect(slider).toHaveAttribute('aria-valuemax', '20');
    // End is 20x, PageDown takes ten off: 10x, kept on the server.
    await slider.focus();
    await page.keyboard.press('End');
    await expect(page.getByText(`Leverage 20x disimpan untuk ${CONTRACT}.`)).toBeVisible();
    await page.keyboard.press('PageDown');
    await expect(page.getByText(`Leverage 10x disimpan untuk ${CONTRACT}.`)).toBeVisible();
    await expect(slider).toHaveAttribute('aria-valuenow', '10');
    await openLong(page, panel, '0,001');

    const activity = page.getByRole('region', { name: 'Aktivitas trading' });
    await activity.getByRole('tab', { name: 'Posisi' }).click();
    const card = activity.getByRole('region', { name: `Posisi ${CONTRACT}` });
    await expect(card).toContainText('Long 10x');
    await expect(card).toContainText('Ukuran0,001');
    const before = await pnlOf(card).innerText();
    // The index rises 5 %: the mark follows and the long's profit shows live (the `positions` channel).
    await moveIndex(request, '1.05');
    await expect(pnlOf(card)).not.toHaveText(before, { timeout: 20_000 });
    await expect(pnlOf(card)).toHaveText(/^\+₮\d+,\d{2} \(\+[\d,]+%\)$/, { timeout: 20_000 });
    await closePosition(page, activity);
    await activity.getByRole('tab', { name: 'Riwayat' }).click();
    await expect(activity.getByRole('table', { name: 'Riwayat order futures' })).toContainText('Tutup posisi');
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: 'test-results/perps-1440.png', fullPage: true });

    // 390 px: the Long button opens the panel as a bottom sheet.
    await moveIndex(request, '1');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page
      .getByRole('group', { name: 'Beli atau jual' })
      .getByRole('button', { name: 'Long', exact: true })
      .click();
    const sheet = page.getByRole('dialog', { name: `Transaksi ${CONTRACT}` });
    await expect(sheet.getByRole('slider', { name: 'Leverage' })).toHaveAttribute('aria-valuenow', '10');
    await openLong(page, sheet, '0,001');
    await expect(sheet).toBeHidden();
    const phoneActivity = page.getByRole('region', { name: 'Aktivitas trading' });
    await phoneActivity.getByRole('tab', { name: 'Posisi' }).click();
    const phoneCard = phoneActivity.getByRole('region', { name: `Posisi ${CONTRACT}` });
    await expect(phoneCard).toContainText('Long 10x');
    const phoneBefore = await pnlOf(phoneCard).innerText();
    // The index falls 5 %: the long loses, shown live in red figures.
    await moveIndex(request, '0.95');
    await expect(pnlOf(phoneCard)).not.toHaveText(phoneBefore, { timeout: 20_000 });
    await expect(pnlOf(phoneCard)).toHaveText(/^-₮\d+,\d{2} \(-[\d,]+%\)$/, { timeout: 20_000 });
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: 'test-results/perps-390.png', fullPage: true });
    await closePosition(page, phoneActivity);

    // The portfolio's futures tab lists the fills with their realised profit.
    await page.goto('/portfolio?tab=futures');
    const history = page.getByRole('table', { name: 'P&L terealisasi' });
    await expect(history.getByRole('row')).toHaveCount(5); // the header and four fills
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: 'test-results/perps-portfolio-390.png', fullPage: true });
  });
});
