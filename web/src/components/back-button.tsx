import { useNavigate } from 'react-router-dom';

/**
 * 000 §2: every information page has a Back button that goes to a given address or one step
 * back; the scroll position of the page it returns to is restored by the router.
 */
export function BackButton({ to, label = 'back' }: { to?: string; label?: string }) {
  const navigate = useNavigate();
  return (
    <button type="button" className="back-button" onClick={() => (to ? navigate(to) : navigate(-1))}>
      <span aria-hidden="true">←</span> {label}
    </button>
  );
}
