import { type ChangeEvent, useLayoutEffect, useRef, useState } from 'react';
import { CARD_NUMBER_DIGITS, groupCardNumber } from '#shared/card-number.ts';

/** The digits of what was typed or pasted, at most the card's 16. */
export function cardDigitsOf(text: string): string {
  return text.replace(/\D/g, '').slice(0, CARD_NUMBER_DIGITS);
}

/** Where the caret sits after `n` digits of the grouped number. */
function caretAfter(n: number): number {
  return n === 0 ? 0 : n + Math.floor((n - 1) / 4);
}

/**
 * An input's props for the steel card's number (shared/card-number.ts), used by the portal and
 * the admin alike: shown in groups of 4 as it is typed or pasted ("1234 5678 9012 3456"), kept
 * as digits only. The caret stays after the digit just typed, and a backspace over a group's
 * space removes the digit before it.
 */
export function useCardNumberInput(value: string, onChange: (digits: string) => void) {
  const input = useRef<HTMLInputElement | null>(null);
  const caret = useRef<number | null>(null);
  // A keystroke that leaves the digits as they were (a letter, a space) still re-renders, so
  // the caret can be put back where it was.
  const [, setKeystrokes] = useState(0);

  useLayoutEffect(() => {
    const node = input.current;
    if (caret.current === null || !node || document.activeElement !== node) return;
    node.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  });

  return {
    ref: input,
    type: 'text',
    inputMode: 'numeric',
    autoComplete: 'off',
    autoCorrect: 'off',
    spellCheck: false,
    value: groupCardNumber(value),
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const target = event.target;
      const at = target.selectionStart ?? target.value.length;
      let before = cardDigitsOf(target.value.slice(0, at)).length;
      let digits = cardDigitsOf(target.value);
      const inputType = (event.nativeEvent as InputEvent).inputType;
      if (inputType === 'deleteContentBackward' && digits === value && before > 0) {
        digits = digits.slice(0, before - 1) + digits.slice(before);
        before -= 1;
      }
      caret.current = caretAfter(Math.min(before, digits.length));
      setKeystrokes((n) => n + 1);
      onChange(digits);
    },
  } as const;
}
