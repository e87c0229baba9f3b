/**
 * ↑ and ↓ for item `index` of `count` in an ordered list (pictures): `onMove(from, to)`. `what`
 * names the item for assistive technology ("picture 2": "move picture 2 earlier").
 */
export function MoveButtons({
  index,
  count,
  what,
  disabled = false,
  onMove,
}: {
  index: number;
  count: number;
  what: string;
  disabled?: boolean;
  onMove: (from: number, to: number) => void;
}) {
  return (
    <>
      <button
        type="button"
        onClick={() => onMove(index, index - 1)}
        disabled={disabled || index === 0}
        aria-label={`move ${what} earlier`}
      >
        ↑
      </button>
      <button
        type="button"
        onClick={() => onMove(index, index + 1)}
        disabled={disabled || index === count - 1}
        aria-label={`move ${what} later`}
      >
        ↓
      </button>
    </>
  );
}
