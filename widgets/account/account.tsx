import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { apiText } from '../../src/api/texts.js';
import type { LoginInput, LoginResult, LogoutInput } from '../../src/api/session.js';
import type { ApiResult } from '../../src/api/types.js';
import { ACCOUNT_EVENTS, type AccountChangeDetail } from '../../src/contract.js';
import { login, logout } from '../../src/page/session.js';
import { useStorefront, useWidgetId } from '../../src/react/provider.js';
import { Alert } from '../../src/react/ui/alert.js';
import { accountMessages } from './messages.js';
import type { AccountProps } from './props.js';

export type { AccountProps } from './props.js';

/** The session calls the widget makes; the page's own (`Storefront.account`) unless a test says. */
export interface AccountSession {
  login(input: LoginInput): Promise<ApiResult<LoginResult>>;
  logout(input?: LogoutInput): Promise<ApiResult<unknown>>;
}

const PAGE_SESSION: AccountSession = { login: (input) => login(input), logout: (input) => logout(input) };

interface Failure {
  readonly title: string;
  readonly message: string;
  /** The alert's key: a second failure of the same words is a new alert, announced again. */
  readonly count: number;
  /** A sign-in refused before sending: an empty field, which is then marked. */
  readonly missing?: boolean;
}

/** A call that threw (it should not) reads as any other failure instead of escaping the widget. */
async function settle<T>(call: () => Promise<ApiResult<T>>): Promise<ApiResult<T>> {
  try {
    return await call();
  } catch {
    return { ok: false, error: { kind: 'network', status: 0, message: apiText('tryAgain') } };
  }
}

/**
 * Sign-in form (email, password, keep me signed in) and, once signed in, the account's email with
 * a sign-out button. A failure shows in an alert with the api's text: the server's own message
 * for a wrong password, the catalogued "Please try again in a few seconds." when throttled
 * (spec 000 §8). Sign-ins and sign-outs made elsewhere on the page (another copy of this widget,
 * `Storefront.account`) reach it through `sf:account-change`.
 */
export function Account({
  email: renderedFor,
  createAccountUrl,
  strings,
  session = PAGE_SESSION,
}: AccountProps & { readonly session?: AccountSession | undefined }) {
  const m = useMemo(() => accountMessages(strings), [strings]);
  const baseId = useWidgetId();
  const { follow } = useStorefront();
  const [account, setAccount] = useState<string | null>(renderedFor ?? null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailed] = useState<Failure | null>(null);
  const failures = useRef(0);
  const setFailure = (next: Omit<Failure, 'count'> | null) =>
    setFailed(next && { ...next, count: (failures.current += 1) });
  const [signedOut, setSignedOut] = useState(false);
  const live = useRef(true);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const moveFocus = useRef<'status' | 'email' | null>(null);

  useEffect(() => {
    live.current = true;
    const doc = globalThis.document;
    const heard = (event: Event) => {
      const detail = (event as CustomEvent<AccountChangeDetail | undefined>).detail;
      if (detail === undefined || detail === null) return;
      setAccount(detail.user?.email ?? null);
      setFailure(null);
    };
    doc?.addEventListener(ACCOUNT_EVENTS.accountChange, heard);
    return () => {
      live.current = false;
      doc?.removeEventListener(ACCOUNT_EVENTS.accountChange, heard);
    };
  }, []);

  useEffect(() => {
    const target = moveFocus.current;
    moveFocus.current = null;
    if (target === 'status') statusRef.current?.focus();
    else if (target === 'email') emailRef.current?.focus();
  }, [account]);

  const signIn = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (email.trim() === '' || password === '') {
      setFailure({ title: m.t('signInFailedTitle'), message: m.t('missing'), missing: true });
      return;
    }
    setBusy(true);
    setFailure(null);
    setSignedOut(false);
    const result = await settle(() => session.login({ email: email.trim(), password, rememberMe }));
    if (!live.current) return;
    setBusy(false);
    if (!result.ok) {
      // A password the server refused is cleared, as sign-in forms do. Any other failure (too many
      // attempts, no connection, a server error, a stale crumb) keeps what was typed for the retry.
      if (result.error.status === 401 && result.error.crumbFail !== true) setPassword('');
      setFailure({ title: m.t('signInFailedTitle'), message: result.error.message });
      return;
    }
    setPassword('');
    moveFocus.current = 'status';
    setAccount(result.data.siteUser?.email ?? email.trim());
  };

  const signOut = async () => {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    const result = await settle(() => session.logout({ cloneCart: false }));
    if (!live.current) return;
    setBusy(false);
    if (!result.ok) {
      setFailure({ title: m.t('signOutFailedTitle'), message: result.error.message });
      return;
    }
    moveFocus.current = 'email';
    setSignedOut(true);
    setAccount(null);
  };

  const alertId = `${baseId}-failure`;
  const alert = failure && (
    <Alert key={failure.count} id={alertId} title={failure.title} message={failure.message} />
  );
  // The fields a refusal before sending speaks of: marked, and described by its alert.
  const refused = (value: string) =>
    failure?.missing === true && value === '' ? { 'aria-invalid': true, 'aria-describedby': alertId } : {};

  if (account !== null) {
    return (
      <div className="sf-account">
        <p ref={statusRef} tabIndex={-1} className="sf-account__status">
          {m.t('signedInAs', { email: account })}
        </p>
        <button
          type="button"
          className="sf-button sf-button--secondary"
          aria-disabled={busy || undefined}
          onClick={() => void signOut()}
        >
          {busy ? m.t('signingOut') : m.t('signOut')}
        </button>
        {alert}
      </div>
    );
  }

  return (
    <div className="sf-account">
      <p className="sf-account__status" aria-live="polite">
        {signedOut ? m.t('signedOut') : ''}
      </p>
      <form
        className="sf-account__form"
        aria-label={m.t('formLabel')}
        noValidate
        onSubmit={(e) => void signIn(e)}
      >
        <div className="sf-field">
          <label className="sf-field__label" htmlFor={`${baseId}-email`}>
            {m.t('email')}
          </label>
          <input
            ref={emailRef}
            id={`${baseId}-email`}
            className="sf-field__input"
            type="email"
            name="email"
            autoComplete="username"
            maxLength={256}
            required
            {...refused(email.trim())}
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
        </div>
        <div className="sf-field">
          <label className="sf-field__label" htmlFor={`${baseId}-password`}>
            {m.t('password')}
          </label>
          <input
            id={`${baseId}-password`}
            className="sf-field__input"
            type="password"
            name="password"
            autoComplete="current-password"
            maxLength={1000}
            required
            {...refused(password)}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
        </div>
        <label className="sf-account__remember">
          <input
            type="checkbox"
            name="rememberMe"
            checked={rememberMe}
            onChange={(e) => setRememberMe(e.currentTarget.checked)}
          />
          {m.t('rememberMe')}
        </label>
        {alert}
        <button type="submit" className="sf-button" aria-disabled={busy || undefined}>
          {busy ? m.t('signingIn') : m.t('signIn')}
        </button>
      </form>
      {createAccountUrl !== undefined && (
        <p className="sf-account__create">
          {/* Followed as the page's other links are: inside the design frame the editor moves it. */}
          <a href={createAccountUrl} onClick={(event) => follow(event, createAccountUrl)}>
            {m.t('createAccount')}
          </a>
        </p>
      )}
    </div>
  );
}
