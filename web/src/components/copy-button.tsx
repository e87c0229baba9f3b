import { useState } from 'react';

/**
 * Copies `text` to the clipboard and says so; where the browser refuses, it says how to copy by
 * hand (the text is on the page beside it).
 */
export function CopyButton({
  text,
  label = 'copy link',
  done = 'link copied.',
  className,
}: {
  text: string;
  label?: string;
  /** What the page says once copied. */
  done?: string;
  className?: string;
}) {
  const [said, setSaid] = useState('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setSaid(done);
    } catch {
      setSaid('this browser does not let us copy: select it and copy it.');
    }
  };
  return (
    <>
      <button type="button" className={className ?? 'button button-quiet'} onClick={() => void copy()}>
        {label}
      </button>
      <span role="status" className="copy-status">
        {said}
      </span>
    </>
  );
}
