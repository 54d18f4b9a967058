import { useEffect } from 'react';
import { usePerpInstrument } from '../api/get-instrument';

/**
 * Tells `onMark` the contract's mark price each time it is read (every few seconds), for screens
 * outside this feature that draw it, such as the futures chart's mark line. Renders nothing.
 */
export function PerpMarkWatcher({ symbol, onMark }: { symbol: string; onMark: (mark: string | null) => void }) {
  const mark = usePerpInstrument(symbol).data?.markPrice ?? null;
  useEffect(() => onMark(mark), [mark, onMark]);
  return null;
}
