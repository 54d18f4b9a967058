import { useState } from 'react';
import { useLocale } from '@/hooks/use-locale';
import { amountFromInput } from '../lib/money';

/** What the user typed, the whole-rupiah amount it means, and whether its problem may show yet. */
export interface RupiahAmountInput {
  text: string;
  setText: (text: string) => void;
  /** The amount as the API takes it ('' while empty). */
  amount: string;
  showProblem: boolean;
  /** From now on the field shows what is wrong with the amount (after a blur or a submit). */
  revealProblem: () => void;
}

export function useRupiahAmountInput(): RupiahAmountInput {
  const locale = useLocale();
  const [text, setText] = useState('');
  const [showProblem, setShowProblem] = useState(false);
  return {
    text,
    setText,
    amount: amountFromInput(text, locale),
    showProblem,
    revealProblem: () => setShowProblem(true),
  };
}
