import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { EVENTS } from '../../../src/contract.js';
import { RestockForm } from '../../../widgets/restock-form/restock-form.js';
import { intercept, removeProvider } from '../../src/page/fake-captcha.js';
import { failResult, fakeApi, okResult, renderWithStorefront } from '../fixtures.js';

afterEach(() => {
  cleanup();
  removeProvider();
  document.body.replaceChildren();
});

let urlCount = 0;
const captchaContext = () => ({
  captchaSiteKey: 'site-key',
  captchaScriptUrl: `/captcha/restock-${++urlCount}.js`,
});

const emailBox = () => screen.getByRole('textbox', { name: 'Email' });
const submitButton = () => screen.getByRole('button', { name: 'Sign Up' });

/** A promise the test settles by hand, to look at the form while a call is in flight. */
function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('RestockForm', () => {
  it('shows the call to action, a labelled email field and the submit button; no checkbox or captcha by default', () => {
    renderWithStorefront(<RestockForm productId="tee" variantId="tee-s" />);
    expect(
      screen.getByRole('form', { name: 'Get an email when this item is back in stock.' }),
    ).toBeInstanceOf(HTMLFormElement);
    expect(emailBox()).toBeInstanceOf(HTMLInputElement);
    expect(submitButton()).toBeInstanceOf(HTMLButtonElement);
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it.each([
    ['', 'Email cannot be blank'],
    ['   ', 'Email cannot be blank'],
    ['ada', 'Email is invalid'],
    ['ada@example', 'Email is invalid'],
    ['ada@example.c', 'Email is invalid'],
  ])('"%s" gives "%s", announced, with focus on the field and nothing sent', async (typed, message) => {
    const { user, api } = renderWithStorefront(<RestockForm productId="tee" />);
    if (typed) await user.type(emailBox(), typed);
    await user.click(submitButton());
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(emailBox().getAttribute('aria-invalid')).toBe('true');
    expect(emailBox().getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);
    expect(document.activeElement).toBe(emailBox());
    expect(api.restockSignUp).not.toHaveBeenCalled();
  });

  it('marks the email field, the one it needs, required', () => {
    renderWithStorefront(<RestockForm productId="tee" variantId="tee-s" />);
    expect((emailBox() as HTMLInputElement).required).toBe(true);
  });

  it('announces the same email error again when Enter from the field fails the same way twice', async () => {
    const { user, api } = renderWithStorefront(<RestockForm productId="tee" variantId="tee-s" />);
    await user.type(emailBox(), 'ada{Enter}');
    const first = screen.getByRole('alert');
    expect(first.textContent).toBe('Email is invalid');
    // Focus is already on the field, so moving it there says nothing: the alert must be new.
    await user.type(emailBox(), '@example{Enter}');
    const second = screen.getByRole('alert');
    expect(second).not.toBe(first);
    expect(second.textContent).toBe('Email is invalid');
    expect(emailBox().getAttribute('aria-describedby')).toBe(second.id);
    expect(api.restockSignUp).not.toHaveBeenCalled();
  });

  it('signs up and replaces the form with "Signed up!", focused', async () => {
    const api = fakeApi({ restockSignUp: async () => okResult({ success: true }) });
    const { user } = renderWithStorefront(<RestockForm productId="tee" variantId="tee-s" />, { api });
    await user.type(emailBox(), '  ada@example.com ');
    await user.click(submitButton());
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe('Signed up!');
    expect(document.activeElement).toBe(status);
    expect(screen.queryByRole('form')).toBeNull();
    expect(api.restockSignUp).toHaveBeenCalledWith({
      productId: 'tee',
      variantId: 'tee-s',
      siteVisitorEmail: 'ada@example.com',
      isJoinMailingList: false,
    });
  });

  it("shows the site's restock success text", async () => {
    const { user } = renderWithStorefront(<RestockForm productId="tee" />, {
      context: { restockSuccessText: 'We will write to you.' },
    });
    await user.type(emailBox(), 'ada@example.com');
    await user.click(submitButton());
    expect((await screen.findByRole('status')).textContent).toBe('We will write to you.');
  });

  it('sends a null variant for a block without one (a single-variant product)', async () => {
    const { user, api } = renderWithStorefront(<RestockForm productId="tee" />);
    await user.type(emailBox(), 'ada@example.com');
    await user.click(submitButton());
    await screen.findByRole('status');
    expect(api.restockSignUp.mock.calls[0]?.[0]).toMatchObject({ variantId: null });
  });

  it.each([
    [false, false],
    [true, true],
  ])(
    'with mailing-list sign-up on and opt-in by default %s, the checkbox starts ticked: %s',
    async (optIn, ticked) => {
      const { user, api } = renderWithStorefront(
        <RestockForm productId="tee" mailingListSignUpEnabled mailingListOptInByDefault={optIn} />,
      );
      const box = screen.getByRole('checkbox', { name: 'Join our mailing list' });
      expect((box as HTMLInputElement).checked).toBe(ticked);
      await user.click(box);
      await user.type(emailBox(), 'ada@example.com');
      await user.click(submitButton());
      await screen.findByRole('status');
      expect(api.restockSignUp.mock.calls[0]?.[0]).toMatchObject({ isJoinMailingList: !ticked });
    },
  );

  it("a failure shows the server's message and keeps what was typed; the next try can succeed", async () => {
    const results = [failResult('You are already signed up for this item.', { status: 409 }), okResult({})];
    const api = fakeApi({ restockSignUp: async () => results.shift() ?? okResult({}) });
    const { user } = renderWithStorefront(<RestockForm productId="tee" mailingListSignUpEnabled />, { api });
    await user.type(emailBox(), 'ada@example.com');
    await user.click(screen.getByRole('checkbox', { name: 'Join our mailing list' }));
    await user.click(submitButton());
    expect((await screen.findByRole('alert')).textContent).toBe('You are already signed up for this item.');
    expect((emailBox() as HTMLInputElement).value).toBe('ada@example.com');
    expect((screen.getByRole('checkbox') as HTMLInputElement).checked).toBe(true);
    expect(submitButton().getAttribute('aria-disabled')).toBeNull();
    await user.click(submitButton());
    expect((await screen.findByRole('status')).textContent).toBe('Signed up!');
  });

  it('reads "Submitting…" while the call is in flight and sends once however often it is pressed', async () => {
    const call = deferred<ReturnType<typeof okResult>>();
    const api = fakeApi({ restockSignUp: () => call.promise });
    const { user } = renderWithStorefront(<RestockForm productId="tee" />, { api });
    await user.type(emailBox(), 'ada@example.com{Enter}');
    const busy = screen.getByRole('button', { name: 'Submitting…' });
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    await user.click(busy);
    await act(async () => call.resolve(okResult({})));
    expect(await screen.findByRole('status')).toBeInstanceOf(HTMLElement);
    expect(api.restockSignUp).toHaveBeenCalledTimes(1);
  });

  it('sends once for two submits that land before a render', async () => {
    const { user, api } = renderWithStorefront(<RestockForm productId="tee" />);
    await user.type(emailBox(), 'ada@example.com');
    const form = screen.getByRole('form');
    act(() => {
      fireEvent.submit(form);
      fireEvent.submit(form);
    });
    await screen.findByRole('status');
    expect(api.restockSignUp).toHaveBeenCalledTimes(1);
  });

  it('works from the keyboard alone: tab to the field, type, tick, Enter', async () => {
    const { user, api } = renderWithStorefront(<RestockForm productId="tee" mailingListSignUpEnabled />);
    await user.tab();
    expect(document.activeElement).toBe(emailBox());
    await user.keyboard('ada@example.com');
    await user.tab();
    await user.keyboard(' ');
    await user.tab();
    expect(document.activeElement).toBe(submitButton());
    await user.keyboard('{Enter}');
    await screen.findByRole('status');
    expect(api.restockSignUp.mock.calls[0]?.[0]).toMatchObject({
      siteVisitorEmail: 'ada@example.com',
      isJoinMailingList: true,
    });
  });
});

describe('RestockForm with a captcha (site context captchaSiteKey)', () => {
  it('shows no captcha without a site key', () => {
    const net = intercept();
    renderWithStorefront(<RestockForm productId="tee" />);
    expect(net.requested).toEqual([]);
  });

  it('asks for the captcha before sending: "Complete CAPTCHA before submitting."', async () => {
    intercept();
    const { user, api } = renderWithStorefront(<RestockForm productId="tee" />, {
      context: captchaContext(),
    });
    await screen.findByRole('checkbox', { name: "I'm not a robot" });
    await user.type(emailBox(), 'ada@example.com');
    await user.click(submitButton());
    expect((await screen.findByRole('alert')).textContent).toBe('Complete CAPTCHA before submitting.');
    expect(api.restockSignUp).not.toHaveBeenCalled();
  });

  it('asks for the captcha when the provider never loaded', async () => {
    intercept(['error']);
    const { user, api } = renderWithStorefront(<RestockForm productId="tee" />, {
      context: captchaContext(),
    });
    await user.type(emailBox(), 'ada@example.com');
    await user.click(submitButton());
    expect((await screen.findByRole('alert')).textContent).toBe('Complete CAPTCHA before submitting.');
    expect(api.restockSignUp).not.toHaveBeenCalled();
  });

  it('sends the token taken right before submit; success destroys the captcha', async () => {
    const net = intercept();
    const { user, api } = renderWithStorefront(<RestockForm productId="tee" variantId="tee-s" />, {
      context: captchaContext(),
    });
    await user.click(await screen.findByRole('checkbox', { name: "I'm not a robot" }));
    await user.type(emailBox(), 'ada@example.com');
    await user.click(submitButton());
    await screen.findByRole('status');
    expect(api.restockSignUp.mock.calls[0]?.[0]).toMatchObject({ captchaToken: 'fake-token-0' });
    expect(net.provider.widgets[0]?.executed).toBe(1);
    expect(screen.queryByRole('checkbox', { name: "I'm not a robot" })).toBeNull();
  });

  it('a failure resets the captcha and keeps the email', async () => {
    const net = intercept();
    const api = fakeApi({ restockSignUp: async () => failResult('This item is in stock.', { status: 409 }) });
    const { user } = renderWithStorefront(<RestockForm productId="tee" />, {
      api,
      context: captchaContext(),
    });
    const robot = await screen.findByRole('checkbox', { name: "I'm not a robot" });
    await user.click(robot);
    await user.type(emailBox(), 'ada@example.com');
    await user.click(submitButton());
    expect((await screen.findByRole('alert')).textContent).toBe('This item is in stock.');
    expect(net.provider.widgets[0]?.resets).toBe(1);
    expect((robot as HTMLInputElement).checked).toBe(false);
    expect((emailBox() as HTMLInputElement).value).toBe('ada@example.com');
  });
});

describe('RestockForm in a product block (sf:variant-change)', () => {
  const variant = (id: string, qtyInStock: number, unlimited = false) => ({
    id,
    sku: id.toUpperCase(),
    attributes: {},
    price: null,
    salePrice: null,
    onSale: false,
    qtyInStock,
    unlimited,
  });

  const announce = (from: Element, detail: unknown) =>
    act(() => {
      from.dispatchEvent(new CustomEvent(EVENTS.variantChange, { bubbles: true, detail }));
    });

  const renderInBlock = () => {
    const result = renderWithStorefront(
      <div data-sf-product-block="">
        <span data-testid="picker" />
        <RestockForm productId="tee" variantId="tee-s" />
      </div>,
    );
    return { ...result, picker: screen.getByTestId('picker') };
  };

  it('follows the chosen variant while it is sold out, and signs up for it', async () => {
    const { picker, user, api } = renderInBlock();
    await announce(picker, { itemId: 'tee', variant: variant('tee-m', 0), quantity: 1 });
    expect(emailBox()).toBeInstanceOf(HTMLInputElement);
    await user.type(emailBox(), 'ada@example.com');
    await user.click(submitButton());
    await screen.findByRole('status');
    expect(api.restockSignUp.mock.calls[0]?.[0]).toMatchObject({ variantId: 'tee-m' });
  });

  it.each([
    ['a variant in stock', variant('tee-l', 3)],
    ['an unlimited variant', variant('tee-l', 0, true)],
    ['an incomplete choice', null],
  ])('hides for %s and comes back for a sold-out one', async (_label, chosen) => {
    const { picker } = renderInBlock();
    await announce(picker, { itemId: 'tee', variant: chosen, quantity: 1 });
    expect(screen.queryByRole('form')).toBeNull();
    await announce(picker, { itemId: 'tee', variant: variant('tee-m', 0), quantity: 1 });
    expect(screen.getByRole('form')).toBeInstanceOf(HTMLFormElement);
  });

  it('ignores another product and another product block', async () => {
    const { picker } = renderInBlock();
    const other = document.createElement('div');
    other.setAttribute('data-sf-product-block', '');
    document.body.appendChild(other);
    await announce(picker, { itemId: 'mug', variant: variant('mug-1', 5), quantity: 1 });
    await announce(other, { itemId: 'tee', variant: variant('tee-l', 5), quantity: 1 });
    expect(screen.getByRole('form')).toBeInstanceOf(HTMLFormElement);
  });

  it('a new variant starts over after a sign-up, keeping the typed email', async () => {
    const { picker, user } = renderInBlock();
    await user.type(emailBox(), 'ada@example.com');
    await user.click(submitButton());
    await screen.findByRole('status');
    await announce(picker, { itemId: 'tee', variant: variant('tee-m', 0), quantity: 1 });
    expect((emailBox() as HTMLInputElement).value).toBe('ada@example.com');
  });

  it('shows the answer of a sign-up only for its variant: a new one chosen meanwhile can be signed up at once', async () => {
    const calls: { resolve: (r: ReturnType<typeof okResult>) => void }[] = [];
    const api = fakeApi({
      restockSignUp: () =>
        new Promise((resolve) => {
          calls.push({ resolve });
        }),
    });
    const r = renderWithStorefront(
      <div data-sf-product-block="">
        <span data-testid="picker" />
        <RestockForm productId="tee" variantId="tee-s" />
      </div>,
      { api },
    );
    await r.user.type(emailBox(), 'ada@example.com');
    await r.user.click(submitButton());
    expect(screen.getByRole('button', { name: 'Submitting…' })).toBeInstanceOf(HTMLButtonElement);
    await announce(screen.getByTestId('picker'), {
      itemId: 'tee',
      variant: variant('tee-m', 0),
      quantity: 1,
    });
    // The answer for S lands while M is shown: it is not M's, so nothing is confirmed.
    await act(async () => calls[0]!.resolve(okResult({})));
    expect(screen.queryByRole('status')).toBeNull();
    expect((emailBox() as HTMLInputElement).value).toBe('ada@example.com');
    await r.user.click(submitButton());
    expect(api.restockSignUp.mock.calls.map((c) => c[0].variantId)).toEqual(['tee-s', 'tee-m']);
    await act(async () => calls[1]!.resolve(okResult({})));
    expect((await screen.findByRole('status')).textContent).toBe('Signed up!');
  });

  it("shows no failure of another variant's sign-up", async () => {
    const call = deferred<ReturnType<typeof failResult>>();
    const api = fakeApi({ restockSignUp: () => call.promise });
    const r = renderWithStorefront(
      <div data-sf-product-block="">
        <span data-testid="picker" />
        <RestockForm productId="tee" variantId="tee-s" />
      </div>,
      { api },
    );
    await r.user.type(emailBox(), 'ada@example.com');
    await r.user.click(submitButton());
    await announce(screen.getByTestId('picker'), {
      itemId: 'tee',
      variant: variant('tee-m', 0),
      quantity: 1,
    });
    await act(async () =>
      call.resolve(failResult('You are already signed up for this item.', { status: 409 })),
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(submitButton().getAttribute('aria-disabled')).toBeNull();
  });

  it("asks for the captcha again for the new variant: the last one's sign-up took its token", async () => {
    const net = intercept();
    const call = deferred<ReturnType<typeof okResult>>();
    const api = fakeApi({ restockSignUp: () => call.promise });
    const r = renderWithStorefront(
      <div data-sf-product-block="">
        <span data-testid="picker" />
        <RestockForm productId="tee" variantId="tee-s" />
      </div>,
      { api, context: captchaContext() },
    );
    const robot = await screen.findByRole('checkbox', { name: "I'm not a robot" });
    await r.user.click(robot);
    await r.user.type(emailBox(), 'ada@example.com');
    await r.user.click(submitButton());
    await waitFor(() => expect(api.restockSignUp).toHaveBeenCalledTimes(1));
    await announce(screen.getByTestId('picker'), {
      itemId: 'tee',
      variant: variant('tee-m', 0),
      quantity: 1,
    });
    expect(net.provider.widgets[0]?.resets).toBe(1);
    expect((robot as HTMLInputElement).checked).toBe(false);
    await act(async () => call.resolve(okResult({})));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it("stays empty beside a product form, whose own restock block shows the chosen variant's sign-up", () => {
    renderWithStorefront(
      <div data-sf-product-block="">
        <div data-sf-widget="product-form">
          <div data-sf-widget="restock-form" data-testid="slot">
            <RestockForm productId="tee" variantId="tee-s" />
          </div>
        </div>
        <div data-sf-widget="restock-form" data-testid="standalone">
          <RestockForm productId="tee" variantId="tee-s" />
        </div>
      </div>,
    );
    expect(within(screen.getByTestId('slot')).getByRole('form')).toBeInstanceOf(HTMLFormElement);
    expect(within(screen.getByTestId('standalone')).queryByRole('form')).toBeNull();
    expect(screen.getAllByRole('form')).toHaveLength(1);
  });
});

describe('RestockForm given a new variantId (an app re-rendering it, the loader updating its props)', () => {
  function App() {
    const [chosen, choose] = useState('tee-s');
    return (
      <>
        <button type="button" onClick={() => choose('tee-m')}>
          Pick M
        </button>
        <RestockForm productId="tee" variantId={chosen} />
      </>
    );
  }

  it('signs up for the new variant, keeping the typed email', async () => {
    const { user, api } = renderWithStorefront(<App />);
    await user.type(emailBox(), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Pick M' }));
    expect((emailBox() as HTMLInputElement).value).toBe('ada@example.com');
    await user.click(submitButton());
    await screen.findByRole('status');
    expect(api.restockSignUp.mock.calls.map((c) => c[0].variantId)).toEqual(['tee-m']);
  });

  it('starts over for the new variant after a sign-up', async () => {
    const { user } = renderWithStorefront(<App />);
    await user.type(emailBox(), 'ada@example.com');
    await user.click(submitButton());
    await screen.findByRole('status');
    await user.click(screen.getByRole('button', { name: 'Pick M' }));
    expect(screen.queryByRole('status')).toBeNull();
    expect((emailBox() as HTMLInputElement).value).toBe('ada@example.com');
  });
});

describe('RestockForm outside a product block', () => {
  it('does not listen to variant changes', async () => {
    renderWithStorefront(<RestockForm productId="tee" />);
    await act(() => {
      document.body.dispatchEvent(
        new CustomEvent(EVENTS.variantChange, {
          bubbles: true,
          detail: { itemId: 'tee', variant: { id: 'a', qtyInStock: 9 }, quantity: 1 },
        }),
      );
    });
    await waitFor(() => expect(screen.getByRole('form')).toBeInstanceOf(HTMLFormElement));
  });
});
