import { act } from 'react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, inTurn, PENDING, renderScreen, screen } from '../../test/render';
import { AuthCallbackScreen } from './AuthCallbackScreen';
import { LoginScreen } from './LoginScreen';
import { SignupScreen } from './SignupScreen';
import { VerifyOtpScreen } from './VerifyOtpScreen';

/**
 * The sign-in screens as the app chains them under /auth: the contact step hands the contact to
 * the code step in the navigation state, so both are mounted to walk from one to the other.
 */
function SignInFlow() {
  return (
    <Routes>
      <Route path="login" element={<LoginScreen />} />
      <Route path="signup" element={<SignupScreen />} />
      <Route path="verify-otp" element={<VerifyOtpScreen />} />
      <Route path="callback" element={<AuthCallbackScreen />} />
    </Routes>
  );
}

const visitor = { path: '/auth/*', signedIn: false } as const;
const session = { access_token: 'new-access-token', expires_in: 3600 };

/** Asks for a code for ana@example.com and waits for the code step. */
async function reachCodeStep(options: { language?: 'es' | 'en'; answers?: Record<string, unknown> } = {}) {
  const rendered = await renderScreen(<SignInFlow />, {
    ...visitor,
    route: '/auth/login',
    language: options.language ?? 'en',
    answers: { 'POST /auth/otp': { sent: true }, ...options.answers },
  });
  const { user } = rendered;
  await user.type(await screen.findByRole('textbox'), 'ana@example.com');
  await user.click(
    screen.getByRole('button', {
      name: options.language === 'es' ? 'Enviar código de verificación' : 'Send verification code',
    }),
  );
  return rendered;
}

/** Types six digits into the code boxes, one box at a time as a rider does. */
async function typeCode(
  user: Awaited<ReturnType<typeof renderScreen>>['user'],
  code: string,
  digit = 'Digit',
) {
  const boxes = await screen.findAllByRole('textbox', { name: new RegExp(`^${digit} \\d`) });
  expect(boxes).toHaveLength(6);
  await user.click(boxes[0] as HTMLElement);
  await user.keyboard(code);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the e-mail step (/auth/login, /auth/signup)', () => {
  it('asks for the e-mail and says when none was given', async () => {
    const { user, requests } = await renderScreen(<SignInFlow />, { ...visitor, route: '/auth/login' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to Vatio' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'E-mail address' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send verification code' }));
    expect(await screen.findByText('Please enter your email or phone number')).toBeInTheDocument();
    expect(requests.filter((r) => r.path === '/auth/otp')).toHaveLength(0);
  });

  it('on signup, in Spanish, requires the terms to be accepted', async () => {
    const { user } = await renderScreen(<SignInFlow />, {
      ...visitor,
      route: '/auth/signup',
      language: 'es',
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Crea tu cuenta gratis' }),
    ).toBeInTheDocument();
    await user.type(screen.getByRole('textbox'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Enviar código de verificación' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Debes aceptar los términos y la política de privacidad',
    );
  });

  it('on the phone tab, sends the code by text message to the number and signs in with it', async () => {
    const { user, requests } = await renderScreen(<SignInFlow />, {
      ...visitor,
      route: '/auth/login',
      answers: { 'POST /auth/otp': { sent: true }, 'POST /auth/verify': session },
    });
    const phoneTab = await screen.findByRole('tab', { name: 'Phone' });
    expect(phoneTab).toHaveAttribute('aria-selected', 'false');
    await user.click(phoneTab);
    expect(phoneTab).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('textbox', { name: 'E-mail address' })).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '+34 600 111 222');
    await user.click(screen.getByRole('button', { name: 'Send verification code' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Enter your code' })).toBeInTheDocument();
    // The number as the server stores it, without the spaces typed.
    expect(screen.getByText('+34600111222')).toBeInTheDocument();
    expect(screen.getByText(/We texted a 6-digit code to/)).toBeInTheDocument();
    const sent = requests.filter((r) => r.method === 'POST' && r.path === '/auth/otp');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({ phone: '+34600111222', create_user: false, language: 'en' });

    await typeCode(user, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByTestId('navigated-away')).toBeInTheDocument();
    expect(requests.find((r) => r.path === '/auth/verify')?.body).toMatchObject({
      phone: '+34600111222',
      token: '123456',
      type: 'sms',
    });
  });

  it('on the phone tab in Spanish, asks for a number when none was given', async () => {
    const { user, requests } = await renderScreen(<SignInFlow />, {
      ...visitor,
      route: '/auth/login',
      language: 'es',
    });
    await user.click(await screen.findByRole('tab', { name: 'Teléfono' }));
    expect(screen.getByRole('textbox', { name: 'Número de teléfono' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enviar código de verificación' }));
    expect(await screen.findByText('Introduce tu correo o tu teléfono')).toBeInTheDocument();
    expect(requests.filter((r) => r.path === '/auth/otp')).toHaveLength(0);
  });

  it('shows why the code could not be sent, in the rider’s language', async () => {
    await reachCodeStep({ language: 'es', answers: { 'POST /auth/otp': fail(500, 'INTERNAL') } });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error interno del servidor. Inténtalo de nuevo.',
    );
    expect(screen.queryByRole('heading', { name: 'Introduce tu código' })).not.toBeInTheDocument();
  });
});

describe('the code step (/auth/verify-otp)', () => {
  it('after the code is sent, says where it went and waits before a resend is allowed', async () => {
    const { requests } = await reachCodeStep();
    expect(await screen.findByRole('heading', { level: 1, name: 'Enter your code' })).toBeInTheDocument();
    expect(screen.getByText('ana@example.com')).toBeInTheDocument();
    expect(screen.getByText('Resend code in 60 s')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend code' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Verify' })).toBeDisabled();
    const sent = requests.filter((r) => r.method === 'POST' && r.path === '/auth/otp');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toMatchObject({ email: 'ana@example.com', create_user: false, language: 'en' });
  });

  it('says a wrong code is wrong, in Spanish, and empties the boxes', async () => {
    const { user } = await reachCodeStep({
      language: 'es',
      answers: { 'POST /auth/verify': fail(400, 'OTP_INVALID', 'bad code') },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Introduce tu código' })).toBeInTheDocument();
    await typeCode(user, '123456', 'Dígito');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(
      await screen.findByText(
        'El código no es correcto o ha caducado. Revisa el último código que te enviamos.',
      ),
    ).toBeInTheDocument();
    for (const box of screen.getAllByRole('textbox', { name: /^Dígito \d/ })) expect(box).toHaveValue('');
  });

  it('says an expired code has expired, in English', async () => {
    const { user, requests } = await reachCodeStep({
      answers: { 'POST /auth/verify': fail(400, 'OTP_EXPIRED', 'expired') },
    });
    await typeCode(user, '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The code has expired. Ask for a new one.')).toBeInTheDocument();
    expect(requests.find((r) => r.path === '/auth/verify')?.body).toMatchObject({
      email: 'ana@example.com',
      token: '654321',
    });
  });

  it('signs in with the right code and leaves the sign-in screens', async () => {
    const { user } = await reachCodeStep({ answers: { 'POST /auth/verify': session } });
    await typeCode(user, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByTestId('navigated-away')).toBeInTheDocument();
  });

  it('offers a resend once the cool-down is over, then counts down again', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const { user, requests } = await reachCodeStep();
    expect(await screen.findByText('Resend code in 60 s')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTime(30_000));
    expect(screen.getByText('Resend code in 30 s')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTime(30_000));
    await user.click(await screen.findByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText("We've sent you a new code.")).toBeInTheDocument();
    expect(screen.getByText('Resend code in 60 s')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST' && r.path === '/auth/otp')).toHaveLength(2);
  });

  it('when the server refuses a resend, says how long to wait and counts that down', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const { user } = await reachCodeStep({
      answers: {
        'POST /auth/otp': inTurn(
          { sent: true },
          { status: 429, body: { error: { code: 'RATE_LIMITED', message: 'slow', retry_after_s: 45 } } },
        ),
      },
    });
    expect(await screen.findByText('Resend code in 60 s')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTime(60_000));
    await user.click(await screen.findByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('Wait 45 s before asking for another code.')).toBeInTheDocument();
    expect(screen.getByText('Resend code in 45 s')).toBeInTheDocument();
  });

  it('without a contact to verify, goes back to the e-mail step', async () => {
    await renderScreen(<SignInFlow />, {
      ...visitor,
      route: '/auth/verify-otp',
      answers: { 'POST /auth/otp': PENDING },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to Vatio' })).toBeInTheDocument();
  });
});

describe('the e-mail’s sign-in link (/auth/callback)', () => {
  const link = '/auth/callback?email=ana%40example.com&code=123456';

  it('says it is checking the link while the server has not answered', async () => {
    const { requests } = await renderScreen(<SignInFlow />, {
      ...visitor,
      route: link,
      answers: { 'POST /auth/verify': PENDING },
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Checking your sign-in link...');
    expect(requests.filter((r) => r.path === '/auth/verify')).toHaveLength(1);
  });

  it('says an incomplete link does not work, without asking the server', async () => {
    const { requests } = await renderScreen(<SignInFlow />, {
      ...visitor,
      route: '/auth/callback?email=ana%40example.com',
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: "This sign-in link doesn't work" }),
    ).toBeInTheDocument();
    expect(screen.getByText('The link is incomplete or damaged.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/auth/login');
    expect(requests.filter((r) => r.path === '/auth/verify')).toHaveLength(0);
  });

  it('says an expired link’s code has expired, in Spanish', async () => {
    await renderScreen(<SignInFlow />, {
      ...visitor,
      route: link,
      language: 'es',
      answers: { 'POST /auth/verify': fail(400, 'OTP_EXPIRED', 'expired') },
    });
    expect(await screen.findByText('El código ha caducado. Pide uno nuevo.')).toBeInTheDocument();
  });

  it('signs in with a good link and leaves the sign-in screens', async () => {
    await renderScreen(<SignInFlow />, {
      ...visitor,
      route: link,
      answers: { 'POST /auth/verify': session },
    });
    expect(await screen.findByTestId('navigated-away')).toBeInTheDocument();
  });
});
