import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { API, server } from '../../../testing/msw-server';
import { renderRoutes } from '../../../testing/render';
import { publicRoutes } from '../routes';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

async function openContact(path = '/contact-us') {
  const utils = renderRoutes(publicRoutes, path);
  await screen.findByRole('heading', { level: 1, name: 'Contact us' });
  return { ...utils, user: userEvent.setup() };
}

describe('contact form', () => {
  it('says what is missing and sends nothing when the required fields are empty', async () => {
    let calls = 0;
    server.use(
      http.post(`${API}/contact_us`, () => {
        calls += 1;
        return HttpResponse.json({ status: 'success', message: 'ok' });
      }),
    );
    const { user } = await openContact();
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    expect(screen.getByLabelText(/Your name/)).toHaveAccessibleDescription(/Enter your name\./);
    expect(screen.getByLabelText(/E-mail address/)).toHaveAccessibleDescription(/Enter your e-mail address\./);
    expect(screen.getByLabelText(/^Message/)).toHaveAccessibleDescription(/Write a message\./);
    expect(screen.getByLabelText(/Your name/)).toHaveFocus();
    expect(screen.getByLabelText(/Your name/)).toBeInvalid();
    expect(calls).toBe(0);
  });

  it('rejects a malformed e-mail address and clears the message once fixed', async () => {
    const { user } = await openContact();
    await user.type(screen.getByLabelText(/Your name/), 'Ana Grower');
    await user.type(screen.getByLabelText(/E-mail address/), 'ana@greenhouse');
    await user.type(screen.getByLabelText(/^Message/), 'We grow tomatoes in six rooms.');
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    const email = screen.getByLabelText(/E-mail address/);
    expect(email).toHaveAccessibleDescription(/Enter a valid e-mail address/);
    expect(email).toHaveFocus();

    await user.type(email, '.nl');
    expect(email).not.toHaveAccessibleDescription(/Enter a valid e-mail address/);
  });

  it('posts the message as JSON and shows the confirmation', async () => {
    let body: unknown;
    let auth: string | null = 'unset';
    server.use(
      http.post(`${API}/contact_us`, async ({ request }) => {
        body = await request.json();
        auth = request.headers.get('authorization');
        return HttpResponse.json({ status: 'success', message: 'Thanks, we received your message.' });
      }),
    );
    const { user } = await openContact();
    await user.type(screen.getByLabelText(/Your name/), '  Ana Grower ');
    await user.type(screen.getByLabelText(/E-mail address/), 'ana@greenhouse.nl');
    await user.type(screen.getByLabelText(/^Message/), 'We grow tomatoes in six rooms.');
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    expect(await screen.findByRole('heading', { name: /your message has been sent/ })).toBeInTheDocument();
    expect(screen.getByText('Thanks, we received your message.')).toBeInTheDocument();
    expect(screen.getByText('We will reply to ana@greenhouse.nl.')).toBeInTheDocument();
    expect(body).toEqual({ name: 'Ana Grower', email: 'ana@greenhouse.nl', message: 'We grow tomatoes in six rooms.' });
    expect(auth).toBeNull();
  });

  it('sends the optional company and shows the loading state while sending', async () => {
    let release: () => void = () => {};
    let body: unknown;
    server.use(
      http.post(`${API}/contact_us`, async ({ request }) => {
        body = await request.json();
        await new Promise<void>((resolve) => (release = resolve));
        return HttpResponse.json({ status: 'success', message: 'Received.' });
      }),
    );
    const { user } = await openContact();
    await user.type(screen.getByLabelText(/Your name/), 'Ana');
    await user.type(screen.getByLabelText(/E-mail address/), 'ana@example.com');
    await user.type(screen.getByRole('textbox', { name: /Company/ }), 'Kas Oost');
    await user.type(screen.getByLabelText(/^Message/), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    const sending = await screen.findByRole('button', { name: /Sending/ });
    expect(sending).toBeDisabled();
    expect(sending).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(body).toEqual({ name: 'Ana', email: 'ana@example.com', company: 'Kas Oost', message: 'Hello' }));
    release();
    expect(await screen.findByText('Received.')).toBeInTheDocument();
  });

  it("shows the server's message and marks the field it names", async () => {
    server.use(
      http.post(`${API}/contact_us`, () =>
        HttpResponse.json({ status: 'error', message: 'email must be a valid e-mail address', field: 'email' }, { status: 400 }),
      ),
    );
    const { user } = await openContact();
    await user.type(screen.getByLabelText(/Your name/), 'Ana');
    await user.type(screen.getByLabelText(/E-mail address/), 'ana@example.c');
    await user.type(screen.getByLabelText(/^Message/), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your message was not sent');
    expect(alert).toHaveTextContent('email must be a valid e-mail address');
    expect(screen.getByLabelText(/E-mail address/)).toHaveAccessibleDescription(/email must be a valid e-mail address/);
    expect(screen.getByRole('button', { name: 'Send message' })).toBeEnabled();
  });

  it('explains a rate limit (429)', async () => {
    server.use(http.post(`${API}/contact_us`, () => HttpResponse.json({}, { status: 429 })));
    const { user } = await openContact();
    await user.type(screen.getByLabelText(/Your name/), 'Ana');
    await user.type(screen.getByLabelText(/E-mail address/), 'ana@example.com');
    await user.type(screen.getByLabelText(/^Message/), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Too many messages');
    expect(alert).toHaveTextContent('Please wait a few minutes');
  });

  it('prefills the message when coming from a plan', async () => {
    await openContact('/contact-us?plan=yearly');
    expect(screen.getByLabelText(/^Message/)).toHaveValue('Hello, we are interested in the Grower yearly plan. Our facility: ');
  });
});
