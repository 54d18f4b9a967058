import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { addTranslation, i18n } from '@/i18n';
import id from '@/i18n/id.json';
import { ErrorBoundary } from './error-boundary';
import { FatalError } from './fatal-error';

function Boom(): never {
  throw new Error('render failed');
}

describe('error boundaries', () => {
  it('shows a localised error with a reload button when rendering fails', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <ErrorBoundary fallback={<FatalError />}>
        <Boom />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Terjadi kesalahan' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Muat ulang' })).toBeInTheDocument();
  });

  it('speaks both languages when the texts are what failed to load', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    i18n.removeResourceBundle('id', 'translation');
    try {
      render(
        <ErrorBoundary fallback={<FatalError />}>
          <Boom />
        </ErrorBoundary>,
      );
      expect(screen.getByRole('heading', { name: 'Terjadi kesalahan / Something went wrong' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Muat ulang / Reload' })).toBeInTheDocument();
    } finally {
      addTranslation('id', id);
    }
  });
});
