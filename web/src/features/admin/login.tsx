import './admin.css';
import { type FormEvent, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ADMIN_MESSAGES } from '#shared/admin.ts';
import { ApiError } from '../../lib/api.ts';
import { adminPost } from './api.ts';
import { adminReturnPath } from './return-to.ts';
import { rememberAdmin } from './session.ts';
import { isStaffPath } from './staff-routes.tsx';

/**
 * /admin: staff login. Any failure is "get out of here!" (001 §6); too many tries say so. A
 * success opens the staff screen that sent here (`?next=`, return-to.ts), else /admin-home.
 */
export function AdminLogin() {
  const navigate = useNavigate();
  const { search } = useLocation();
  const [user, setUser] = useState('');
  const [pass, setPass] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError('');
    try {
      const answer = await adminPost('/admin', {
        user,
        pass,
      });
      rememberAdmin(answer.userName);
      navigate(adminReturnPath(search, window.location.origin, isStaffPath), { replace: true });
    } catch (e) {
      setError(e instanceof ApiError && e.status === 429 ? e.message : ADMIN_MESSAGES.loginFailed);
      setPass('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="adm adm-login">
      <h1>staff</h1>
      <form onSubmit={submit} className="adm-form">
        <label className="adm-field">
          <span>username</span>
          <input value={user} onChange={(e) => setUser(e.target.value)} autoComplete="username" required />
        </label>
        <label className="adm-field">
          <span>password</span>
          <input
            type="password"
            value={pass}
            onChange={(e) => setPass(e.target.value)}
            autoComplete="current-password"
            required
          />
        </label>
        <button type="submit" disabled={busy}>
          {busy ? 'logging in...' : 'log in'}
        </button>
        <p role="alert" className="adm-error">
          {error}
        </p>
      </form>
    </main>
  );
}
