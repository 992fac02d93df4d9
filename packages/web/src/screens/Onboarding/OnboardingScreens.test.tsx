import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { bike } from '../../test/answers/bikes';
import { me } from '../../test/answers/me';
import { fail, inTurn, PENDING, renderScreen, screen } from '../../test/render';
import { OnboardingBikesScreen } from './OnboardingBikesScreen';
import { OnboardingProfileScreen } from './OnboardingProfileScreen';

/** The two onboarding steps as the app chains them under /onboarding. */
function Onboarding() {
  return (
    <Routes>
      <Route path="profile" element={<OnboardingProfileScreen />} />
      <Route path="bikes" element={<OnboardingBikesScreen />} />
    </Routes>
  );
}

// A new rider: signed in, no profile yet (no stored language, as renderScreen's default /me).
const settings = { ...me.settings, language: null };
const newRider = { ...me, profile: null, settings };
const withProfile = { ...me, settings };
const onboarding = { path: '/onboarding/*' } as const;

describe('onboarding step 1: the profile', () => {
  it('says which required fields are missing and sends nothing', async () => {
    const { user, requests } = await renderScreen(<Onboarding />, {
      ...onboarding,
      route: '/onboarding/profile',
      answers: { '/me': newRider },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tell us about yourself' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    expect(screen.getByText('Please select your cycling experience')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('says the required fields in Spanish too', async () => {
    const { user } = await renderScreen(<Onboarding />, {
      ...onboarding,
      route: '/onboarding/profile',
      language: 'es',
      answers: { '/me': newRider },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Cuéntanos sobre ti' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText('El nombre es obligatorio')).toBeInTheDocument();
    expect(screen.getByText('Los apellidos son obligatorios')).toBeInTheDocument();
    expect(screen.getByText('Selecciona tu experiencia en ciclismo')).toBeInTheDocument();
  });

  it('writes the example weight with a decimal comma in Spanish', async () => {
    await renderScreen(<Onboarding />, {
      ...onboarding,
      route: '/onboarding/profile',
      language: 'es',
      answers: { '/me': newRider },
    });
    expect(await screen.findByLabelText(/^Peso/)).toHaveAttribute('placeholder', '70,5');
  });

  it('writes the example weight with a decimal point in English', async () => {
    await renderScreen(<Onboarding />, {
      ...onboarding,
      route: '/onboarding/profile',
      answers: { '/me': newRider },
    });
    expect(await screen.findByLabelText(/^Weight/)).toHaveAttribute('placeholder', '70.5');
  });

  it('saves the profile and the FTP, then moves to the bike step', async () => {
    const { user, requests } = await renderScreen(<Onboarding />, {
      ...onboarding,
      route: '/onboarding/profile',
      answers: {
        // Before the profile is saved the rider has none; the re-read after saving finds it.
        '/me': inTurn(newRider, withProfile),
        'POST /profile': me.profile,
        'POST /athlete-settings': { id: 's-1' },
        '/bikes': [],
      },
    });
    await user.type(await screen.findByLabelText('First name'), 'Ana');
    await user.type(screen.getByLabelText('Last name'), 'García');
    await user.selectOptions(screen.getByLabelText('Cycling experience'), 'Intermediate');
    await user.type(screen.getByLabelText('FTP (W), optional'), '240');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Add your bike' })).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST' && r.path === '/profile')?.body).toMatchObject({
      first_name: 'Ana',
      last_name: 'García',
      cycling_experience: 'intermediate',
    });
    expect(requests.find((r) => r.method === 'POST' && r.path === '/athlete-settings')?.body).toMatchObject({
      ftp_w: 240,
    });
  });

  it('says an FTP outside what a rider can hold is not valid, and saves nothing', async () => {
    const { user, requests } = await renderScreen(<Onboarding />, {
      ...onboarding,
      route: '/onboarding/profile',
      answers: { '/me': newRider },
    });
    await user.type(await screen.findByLabelText('First name'), 'Ana');
    await user.type(screen.getByLabelText('Last name'), 'García');
    await user.selectOptions(screen.getByLabelText('Cycling experience'), 'Intermediate');
    await user.type(screen.getByLabelText('FTP (W), optional'), '5000');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const ftpInvalid = 'FTP must be a whole number of watts between 30 and 700';
    // Said at the field, which it describes, and again above the button.
    expect(await screen.findAllByText(ftpInvalid)).not.toHaveLength(0);
    expect(screen.getByLabelText('FTP (W), optional')).toHaveAccessibleDescription(new RegExp(ftpInvalid));
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('shows a server error in the rider’s language and stays on the step', async () => {
    const { user } = await renderScreen(<Onboarding />, {
      ...onboarding,
      route: '/onboarding/profile',
      language: 'es',
      answers: { '/me': newRider, 'POST /profile': fail(500, 'INTERNAL') },
    });
    await user.type(await screen.findByLabelText('Nombre'), 'Ana');
    await user.type(screen.getByLabelText('Apellidos'), 'García');
    await user.selectOptions(screen.getByLabelText('Experiencia en ciclismo'), 'Intermedio');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText('Error interno del servidor. Inténtalo de nuevo.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Cuéntanos sobre ti' })).toBeInTheDocument();
  });
});

describe('onboarding step 2: the bike', () => {
  it('asks for the bike’s name, then saves it as the primary bike and leaves onboarding', async () => {
    const { user, requests } = await renderScreen(<Onboarding />, {
      ...onboarding,
      route: '/onboarding/bikes',
      answers: { '/bikes': [], 'POST /bikes': bike() },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Add your bike' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save and finish' }));
    expect(await screen.findByText('Bike name is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Bike name'), 'Tarmac');
    await user.click(screen.getByRole('button', { name: 'Save and finish' }));
    expect(await screen.findByTestId('navigated-away')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST' && r.path === '/bikes')?.body).toMatchObject({
      name: 'Tarmac',
      is_primary: true,
    });
  });

  it('writes the example bike weight with a decimal comma in Spanish', async () => {
    await renderScreen(<Onboarding />, {
      ...onboarding,
      route: '/onboarding/bikes',
      language: 'es',
      answers: { '/bikes': [] },
    });
    expect(await screen.findByTestId('bike-weight')).toHaveAttribute('placeholder', '8,2');
  });

  it('shows a server error when the bike cannot be saved, in Spanish', async () => {
    const { user } = await renderScreen(<Onboarding />, {
      ...onboarding,
      route: '/onboarding/bikes',
      language: 'es',
      answers: { '/bikes': [], 'POST /bikes': fail(500, 'INTERNAL') },
    });
    await user.type(await screen.findByLabelText('Nombre de la bicicleta'), 'Tarmac');
    await user.click(screen.getByRole('button', { name: 'Guardar y terminar' }));
    expect(await screen.findByText('Error interno del servidor. Inténtalo de nuevo.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Añade tu bicicleta' })).toBeInTheDocument();
  });

  it('lists the bikes already added and lets the rider go on without another', async () => {
    const { user } = await renderScreen(<Onboarding />, {
      ...onboarding,
      route: '/onboarding/bikes',
      answers: { '/bikes': [bike()] },
    });
    expect(await screen.findByRole('heading', { level: 2, name: "Bikes you've added" })).toBeInTheDocument();
    expect(screen.getByText('Tarmac')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue to dashboard' }));
    expect(await screen.findByTestId('navigated-away')).toBeInTheDocument();
  });

  it('sends a rider without a profile back to step 1', async () => {
    await renderScreen(<Onboarding />, {
      ...onboarding,
      route: '/onboarding/bikes',
      answers: { '/me': newRider, '/bikes': PENDING },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tell us about yourself' }),
    ).toBeInTheDocument();
  });
});
