import { useRef, useState, type PointerEvent } from 'react';
import { sheetOffset, swipeDismisses } from '../lib/swipe';

/**
 * Swipe-down to close, on the sheet's grab area: the sheet follows the finger (or mouse) downwards
 * and closes when let go far or fast enough; otherwise it springs back.
 */
export function useSwipeDown(onDismiss: () => void) {
  const start = useRef<{ y: number; at: number; pointer: number } | null>(null);
  const [offsetPx, setOffsetPx] = useState(0);

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    start.current = { y: event.clientY, at: event.timeStamp, pointer: event.pointerId };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    if (start.current?.pointer !== event.pointerId) return;
    setOffsetPx(sheetOffset(event.clientY - start.current.y));
  };
  const finish = (event: PointerEvent<HTMLElement>) => {
    const begun = start.current;
    start.current = null;
    setOffsetPx(0);
    if (!begun || begun.pointer !== event.pointerId) return;
    if (swipeDismisses(event.clientY - begun.y, event.timeStamp - begun.at)) onDismiss();
  };

  return {
    offsetPx,
    handlers: { onPointerDown, onPointerMove, onPointerUp: finish, onPointerCancel: finish },
  };
}
