import { showInInput } from './controlled-input';

describe('showInInput', () => {
  it('puts back the text the handler kept and leaves an input that already shows it alone', () => {
    const input = document.createElement('input');
    input.value = '500000,75';
    showInInput(input, '500000,7');
    expect(input.value).toBe('500000,7');
    const set = vi.spyOn(input, 'value', 'set');
    showInInput(input, '500000,7');
    expect(set).not.toHaveBeenCalled();
  });
});
