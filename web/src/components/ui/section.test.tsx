import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Section } from './section';

describe('Section', () => {
  it('is a region named by its visible heading', () => {
    render(
      <Section title="Tukar rupiah dan USD" description="Kurs dari server">
        <p>isi</p>
      </Section>,
    );
    const region = screen.getByRole('region', { name: 'Tukar rupiah dan USD' });
    expect(region).toContainElement(screen.getByRole('heading', { level: 2, name: 'Tukar rupiah dan USD' }));
    expect(region).toHaveTextContent('Kurs dari server');
  });

  it('is named by its label when it shows no heading', () => {
    render(<Section label="Ringkasan margin">₮40,00</Section>);
    expect(screen.getByRole('region', { name: 'Ringkasan margin' })).toHaveTextContent('₮40,00');
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  });
});
