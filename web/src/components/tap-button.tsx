import { type ButtonHTMLAttributes, type TouchEvent, useRef } from 'react';
import { ignoreClickAfterTouch } from '../lib/ghost-click.ts';

/** A finger that moves further than this between touching and lifting scrolled: not a tap. */
const TAP_SLOP_PX = 10;

interface TouchStart {
  x: number;
  y: number;
}

/**
 * A button that acts on the tap itself (touchend) as well as on a click (000 §4: "a small click
 * control ignores the click that follows a touch already handled"). After a tap it has handled,
 * the click the browser makes of that same tap is ignored, wherever it lands, so one tap acts
 * once: a choice is not chosen and unchosen, a step is not passed twice. Mouse and keyboard
 * act through the click as with any button.
 */
export function TapButton({
  onActivate,
  disabled,
  ...rest
}: Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'onClick' | 'onTouchStart' | 'onTouchMove' | 'onTouchEnd'
> & {
  onActivate: () => void;
}) {
  const start = useRef<TouchStart | undefined>(undefined);
  const onTouchStart = (event: TouchEvent<HTMLButtonElement>) => {
    const touch = event.touches[0];
    start.current = event.touches.length === 1 && touch ? { x: touch.clientX, y: touch.clientY } : undefined;
  };
  const onTouchMove = (event: TouchEvent<HTMLButtonElement>) => {
    const touch = event.touches[0];
    const began = start.current;
    if (!began || !touch) return;
    if (Math.hypot(touch.clientX - began.x, touch.clientY - began.y) > TAP_SLOP_PX) start.current = undefined;
  };
  const onTouchEnd = (event: TouchEvent<HTMLButtonElement>) => {
    const touch = event.changedTouches[0];
    const began = start.current;
    start.current = undefined;
    if (!began || !touch || disabled || event.touches.length > 0) return;
    if (Math.hypot(touch.clientX - began.x, touch.clientY - began.y) > TAP_SLOP_PX) return;
    ignoreClickAfterTouch(touch.clientX, touch.clientY);
    onActivate();
  };
  return (
    <button
      type="button"
      {...rest}
      disabled={disabled}
      onTouchStart={onTouchStart}
      onTouchMove={onTouchMove}
      onTouchEnd={onTouchEnd}
      onClick={onActivate}
    />
  );
}
