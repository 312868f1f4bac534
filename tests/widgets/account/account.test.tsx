import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoginResult } from '../../../src/api/session.js';
import type { ApiResult } from '../../../src/api/types.js';
import { Account, type AccountSession } from '../../../widgets/account/account.js';
import { failResult, okResult, renderWithStorefront } from '../fixtures.js';

afterEach(cleanup);

const OWNER = { id: 'user-1', email: 'owner@example.com', roles: ['admin'] };

function fakeSession(login?: AccountSession['login'], logout?: AccountSession['logout']) {
  return {
    login: vi.fn(login ?? (async () => okResult<LoginResult>({ xsrfToken: 't', siteUser: OWNER }))),
    logout: vi.fn(logout ?? (async () => okResult({ loggedOut: true }))),
  };
}

function renderAccount(session = fakeSession(), email?: string) {
  const r = renderWithStorefront(<Account session={session} {...(email ? { email } : {})} />);
  return { ...r, session };
}

async function fillIn(r: ReturnType<typeof renderAccount>, email: string, password: string) {
  await r.user.type(screen.getByLabelText('Email'), email);
  await r.user.type(screen.getByLabelText('Password'), password);
  await r.user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('signing in', () => {
  it('offers a sign-in form with labelled email and password', () => {
    renderAccount();
    const form = screen.getByRole('form', { name: 'Sign in' });
    expect(form.querySelector('input[type=email]')).toBe(screen.getByLabelText('Email'));
    expect(form.querySelector('input[type=password]')).toBe(screen.getByLabelText('Password'));
    expect(screen.getByRole('checkbox', { name: 'Keep me signed in' })).toBeTruthy();
  });

  it('signs in with what was typed and names the account', async () => {
    const r = renderAccount();
    await r.user.click(screen.getByRole('checkbox', { name: 'Keep me signed in' }));
    await fillIn(r, ' owner@example.com', 'owner-password');
    expect(r.session.login).toHaveBeenCalledWith({
      email: 'owner@example.com',
      password: 'owner-password',
      rememberMe: true,
    });
    const status = await screen.findByText('Signed in as owner@example.com');
    await waitFor(() => expect(document.activeElement).toBe(status));
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
  });

  it.each([
    [
      'a wrong password',
      failResult('Invalid email or password.', { status: 401 }),
      'Invalid email or password.',
      '',
    ],
    [
      'too many attempts',
      failResult('Please try again in a few seconds.', { status: 429 }),
      'Please try again in a few seconds.',
      'nope',
    ],
    [
      'a stale crumb',
      failResult('Your session has expired. Please reload the page.', { status: 401, crumbFail: true }),
      'Your session has expired. Please reload the page.',
      'nope',
    ],
    [
      'no connection',
      failResult('Please check your connection.', { status: 0 }),
      'Please check your connection.',
      'nope',
    ],
  ])('shows %s in an alert and stays signed out', async (_name, answer, text, passwordAfter) => {
    const r = renderAccount(fakeSession(async () => answer as ApiResult<LoginResult>));
    await fillIn(r, 'owner@example.com', 'nope');
    const alert = await screen.findByRole('alert', { name: 'Unable to Sign In' });
    expect(alert.textContent).toBe(`Unable to Sign In${text}`);
    expect(screen.getByRole('form', { name: 'Sign in' })).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('owner@example.com');
    // Only a refused password is cleared: after any other failure the retry needs no retyping.
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe(passwordAfter);
  });

  it('asks for both fields before calling', async () => {
    const r = renderAccount();
    await r.user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Unable to Sign InEnter your email and password.',
    );
    expect(r.session.login).not.toHaveBeenCalled();
  });

  it('marks both fields required, and the empty ones invalid and described by the alert', async () => {
    const r = renderAccount();
    const email = screen.getByLabelText('Email');
    const password = screen.getByLabelText('Password');
    expect([(email as HTMLInputElement).required, (password as HTMLInputElement).required]).toEqual([
      true,
      true,
    ]);
    await r.user.type(email, 'owner@example.com');
    await r.user.click(screen.getByRole('button', { name: 'Sign in' }));
    const alert = await screen.findByRole('alert');
    expect(email.hasAttribute('aria-invalid')).toBe(false);
    expect([password.getAttribute('aria-invalid'), password.getAttribute('aria-describedby')]).toEqual([
      'true',
      alert.id,
    ]);
  });

  it('announces a second refusal of the same words again: a new alert, not the old one left in place', async () => {
    const r = renderAccount();
    await r.user.click(screen.getByRole('button', { name: 'Sign in' }));
    const first = await screen.findByRole('alert');
    await r.user.click(screen.getByRole('button', { name: 'Sign in' }));
    const second = screen.getByRole('alert');
    expect(second.textContent).toBe(first.textContent);
    expect(second).not.toBe(first);
  });

  it('reads Signing in… and ignores more submits while the call is under way', async () => {
    let release: (v: ApiResult<LoginResult>) => void = () => undefined;
    const r = renderAccount(fakeSession(() => new Promise((resolve) => (release = resolve))));
    await fillIn(r, 'owner@example.com', 'owner-password');
    const busy = screen.getByRole('button', { name: 'Signing in…' });
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    await r.user.click(busy);
    expect(r.session.login).toHaveBeenCalledTimes(1);
    await act(async () => release(okResult({ xsrfToken: 't', siteUser: OWNER })));
    expect(await screen.findByText('Signed in as owner@example.com')).toBeTruthy();
  });

  it('keeps a call that throws inside the widget', async () => {
    const r = renderAccount(
      fakeSession(async () => {
        throw new Error('boom');
      }),
    );
    await fillIn(r, 'owner@example.com', 'owner-password');
    expect((await screen.findByRole('alert')).textContent).toBe('Unable to Sign InPlease try again');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('owner-password');
  });
});

describe('signed in', () => {
  it('starts signed in when the page was rendered for an account, and signs out', async () => {
    const r = renderAccount(fakeSession(), 'owner@example.com');
    expect(screen.getByText('Signed in as owner@example.com')).toBeTruthy();
    await r.user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(r.session.logout).toHaveBeenCalledWith({ cloneCart: false });
    expect(await screen.findByText('You are signed out.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Email')));
  });

  it('shows a failed sign-out and stays signed in', async () => {
    const r = renderAccount(
      fakeSession(undefined, async () => failResult('Please check your internet connection', { status: 0 })),
      'owner@example.com',
    );
    await r.user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect((await screen.findByRole('alert', { name: 'Unable to Sign Out' })).textContent).toBe(
      'Unable to Sign OutPlease check your internet connection',
    );
    expect(screen.getByText('Signed in as owner@example.com')).toBeTruthy();
  });

  it('follows sign-ins and sign-outs made elsewhere on the page', async () => {
    renderAccount();
    act(() => {
      document.dispatchEvent(new CustomEvent('sf:account-change', { detail: { user: OWNER } }));
    });
    expect(await screen.findByText('Signed in as owner@example.com')).toBeTruthy();
    act(() => {
      document.dispatchEvent(new CustomEvent('sf:account-change', { detail: { user: null } }));
    });
    expect(await screen.findByRole('form', { name: 'Sign in' })).toBeTruthy();
  });
});

describe('creating an account', () => {
  it('links to where accounts are created, below the sign-in form', () => {
    renderWithStorefront(<Account session={fakeSession()} createAccountUrl="/contact" />);
    const link = screen.getByRole('link', { name: 'Create an account' });
    expect(link.getAttribute('href')).toBe('/contact');
    expect(screen.getByRole('form', { name: 'Sign in' }).compareDocumentPosition(link)).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });

  it("follows the link as the page's other links are: through an app's router, in the design frame the editor", async () => {
    const navigate = vi.fn();
    const { user } = renderWithStorefront(<Account session={fakeSession()} createAccountUrl="/contact" />, {
      navigate,
    });
    await user.click(screen.getByRole('link', { name: 'Create an account' }));
    expect(navigate).toHaveBeenCalledWith('/contact');
  });

  it('offers no link once signed in, nor when the page names no address', () => {
    renderWithStorefront(
      <Account session={fakeSession()} email="owner@example.com" createAccountUrl="/contact" />,
    );
    expect(screen.queryByRole('link', { name: 'Create an account' })).toBeNull();
    cleanup();
    renderWithStorefront(<Account session={fakeSession()} />);
    expect(screen.queryByRole('link', { name: 'Create an account' })).toBeNull();
  });
});
