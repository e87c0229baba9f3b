import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';

/** 000 §2: the landing page goes to /home after 5 seconds, or at once on a click. */
export function Landing() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate('/home'), 5000);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <button type="button" className="landing" onClick={() => navigate('/home')}>
      <span>
        <span className="brand">One of One Luxury</span>
        <span className="landing-hint">enter</span>
      </span>
    </button>
  );
}
