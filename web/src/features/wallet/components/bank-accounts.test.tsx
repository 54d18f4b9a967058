import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { BankAccount } from '../api/bank-accounts';
import { apiError, logIn, meHandler, tagsHandler, verifiedMeHandler } from '@/testing/auth';
import { server } from '@/testing/msw';
import { renderApp } from '@/testing/render';

function accountFixture(overrides: Partial<BankAccount> = {}): BankAccount {
  return {
    id: 'ba-1',
    bankCode: 'BCA',
    bankName: 'BCA',
    accountNumberMasked: '••••7890',
    accountHolderName: 'SARI DEWI',
    createdAtMs: 1_700_000_000_000,
    ...overrides,
  };
}

describe('/account/bankAccount', { timeout: 30_000 }, () => {
  it('R2.16 R1.04 lists, adds (bank picker, number, PIN) and removes bank accounts', async () => {
    logIn();
    let accounts = [accountFixture()];
    const added: unknown[] = [];
    const removed: string[] = [];
    server.use(
      verifiedMeHandler,
      tagsHandler,
      http.get('*/api/v1/wallet/balance', () =>
        HttpResponse.json({
          data: {
            freeBalance: '0.00',
            cashBalance: '0.00',
            voucherBalance: '0.00',
            totalBalance: '0.00',
            currency: 'IDR',
          },
        }),
      ),
      http.get('*/api/v1/wallet/banks', () =>
        HttpResponse.json({
          data: [
            { code: 'BCA', name: 'Bank Central Asia' },
            { code: 'MANDIRI', name: 'Bank Mandiri' },
          ],
        }),
      ),
      http.get('*/api/v1/wallet/bank-accounts', () => HttpResponse.json({ data: accounts })),
      http.post('*/api/v1/wallet/bank-accounts', async ({ request }) => {
        const body = (await request.json()) as { accountNumber: string; pin: string };
        if (body.accountNumber === '999999') {
          return apiError(400, 'holder_mismatch', 'Nama pemilik rekening tidak cocok dengan identitas Anda.');
        }
        added.push(body);
        const created = accountFixture({
          id: 'ba-2',
          bankCode: 'MANDIRI',
          bankName: 'Bank Mandiri',
          accountNumberMasked: '••••4321',
        });
        accounts = [...accounts, created];
        return HttpResponse.json({ data: created });
      }),
      http.delete('*/api/v1/wallet/bank-accounts/:id', ({ params }) => {
        removed.push(String(params.id));
        accounts = accounts.filter((item) => item.id !== params.id);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const user = userEvent.setup();
    renderApp('/account/bankAccount');
    const list = await screen.findByRole('list', { name: 'Rekening bank' });
    const row = within(list).getByRole('listitem', { name: 'BCA ••••7890' });
    expect(within(row).getByText('Atas nama SARI DEWI')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Tambah rekening' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tambah rekening bank' });
    const save = within(dialog).getByRole('button', { name: 'Simpan' });
    expect(save).toBeDisabled();
    await user.click(within(dialog).getByRole('combobox', { name: 'Bank' }));
    await user.click(await screen.findByRole('option', { name: 'Bank Mandiri' }));
    const number = within(dialog).getByRole('textbox', { name: 'Nomor rekening' });
    await user.type(number, '99-99 99');
    expect(number).toHaveValue('999999');
    await user.type(within(dialog).getByLabelText('PIN'), '135792');
    await user.click(save);
    expect(
      await within(dialog).findByText('Nama pemilik rekening tidak cocok dengan identitas Anda.'),
    ).toBeInTheDocument();
    expect(added).toHaveLength(0);

    await user.clear(number);
    await user.type(number, '1234567890');
    await user.type(within(dialog).getByLabelText('PIN'), '135792');
    await user.click(save);
    await waitFor(() => expect(added).toEqual([{ bankCode: 'MANDIRI', accountNumber: '1234567890', pin: '135792' }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(list).findByRole('listitem', { name: 'Bank Mandiri ••••4321' })).toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: 'Hapus rekening BCA ••••7890' }));
    const confirm = await screen.findByRole('dialog', { name: 'Hapus rekening ini?' });
    await user.click(within(confirm).getByRole('button', { name: 'Hapus' }));
    await waitFor(() => expect(removed).toEqual(['ba-1']));
    await waitFor(() => expect(within(list).queryByRole('listitem', { name: 'BCA ••••7890' })).not.toBeInTheDocument());
  });

  it('R2.16 the account menu of pages links to the bank accounts', async () => {
    logIn();
    server.use(
      meHandler,
      tagsHandler,
      http.get('*/api/v1/wallet/balance', () => apiError(404, 'not_found', 'x')),
      http.get('*/api/v1/wallet/bank-accounts', () => HttpResponse.json({ data: [] })),
    );
    renderApp('/en/account/bankAccount');
    expect(await screen.findByText('No bank accounts yet.')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Account menu' });
    expect(within(nav).getByRole('link', { name: 'Bank accounts' })).toHaveAttribute('href', '/en/account/bankAccount');
  });
});
