import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDocumentTitle } from './use-document-title';

describe('useDocumentTitle', () => {
  it('R2.08 sets the page title and restores the previous one on leave', () => {
    document.title = 'Lumbung';
    const { rerender, unmount } = renderHook(({ title }) => useDocumentTitle(title), {
      initialProps: { title: 'Harga BTC-IDR Hari Ini — Grafik dan Beli Bitcoin | Lumbung' as string | null },
    });
    expect(document.title).toBe('Harga BTC-IDR Hari Ini — Grafik dan Beli Bitcoin | Lumbung');
    rerender({ title: null });
    expect(document.title).toBe('Lumbung');
    unmount();
    expect(document.title).toBe('Lumbung');
  });
});
