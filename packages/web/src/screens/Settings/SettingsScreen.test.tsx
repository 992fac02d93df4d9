import { athleteSettingsEntrySchema, settingsResponseSchema } from '@vatio/schemas';
import { describe, expect, it } from 'vitest';
import { me } from '../../test/answers/me';
import { fail, inTurn, PENDING, renderScreen, screen, waitFor, within } from '../../test/render';
import { SettingsScreen } from './SettingsScreen';

const route = { route: '/settings' };
/** FTP 250 W and 62 kg from 1 September; no heart-rate values. */
const entry = athleteSettingsEntrySchema.parse({
  id: 's-1',
  effective_from: '2026-09-01',
  ftp_w: 250,
  weight_kg: 62.5,
  max_hr_bpm: null,
  lthr_bpm: null,
});
const answers = {
  '/athlete-settings': { history: [entry] },
  '/reanalysis': { status: 'idle', remaining: 0 },
  '/me/api-keys': [],
};

describe('SettingsScreen', () => {
  it('says the athlete settings are loading while they have not answered', async () => {
    await renderScreen(<SettingsScreen />, {
      ...route,
      answers: { ...answers, '/athlete-settings': PENDING },
    });
    const athlete = await screen.findByTestId('athlete-settings');
    expect(within(athlete).getByRole('status')).toHaveTextContent('Loading...');
  });

  it('shows why the athlete settings failed with Retry, and Retry asks again and shows them', async () => {
    const { user, requests } = await renderScreen(<SettingsScreen />, {
      ...route,
      answers: { ...answers, '/athlete-settings': inTurn(fail(500, 'INTERNAL'), { history: [entry] }) },
    });
    const athlete = await screen.findByTestId('athlete-settings');
    expect(await within(athlete).findByText(/Internal server error/)).toBeInTheDocument();
    await user.click(within(athlete).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('athlete-row')).toHaveTextContent('250');
    expect(requests.filter((r) => r.path === '/athlete-settings')).toHaveLength(2);
  });

  it('asks a rider without athlete values for their FTP', async () => {
    await renderScreen(<SettingsScreen />, {
      ...route,
      answers: { ...answers, '/athlete-settings': { history: [] } },
    });
    expect(await screen.findByText(/No values yet\. Add your FTP/)).toBeInTheDocument();
  });

  it('shows a value an entry leaves out as the one in force, from the entry that set it', async () => {
    // A newer entry with only a weight: its FTP is still the 250 W of 1 September (settingsAt).
    const newer = athleteSettingsEntrySchema.parse({
      id: 's-2',
      effective_from: '2026-11-01',
      ftp_w: null,
      weight_kg: 61,
      max_hr_bpm: null,
      lthr_bpm: null,
    });
    await renderScreen(<SettingsScreen />, {
      ...route,
      language: 'es',
      answers: { ...answers, '/athlete-settings': { history: [newer, entry] } },
    });
    const [current] = await screen.findAllByTestId('athlete-row');
    expect(within(current!).getByTestId('carried-ftp_w')).toHaveTextContent('250 W (desde el 1 sept 2026)');
    expect(within(current!).queryByTestId('carried-max_hr_bpm')).toBeNull(); // set by no entry: "—"
    expect(current).toHaveTextContent('—');
  });

  it('shows the athlete values with a dash for the heart rates not given', async () => {
    await renderScreen(<SettingsScreen />, { ...route, answers });
    const row = await screen.findByTestId('athlete-row');
    expect(row).toHaveTextContent('250');
    expect(row).toHaveTextContent('62.5');
    expect(row).toHaveTextContent('—');
  });

  it('saves a new theme and says so, and says why when the server refuses it', async () => {
    const saved = settingsResponseSchema.parse({ ...me.settings, theme: 'dark' });
    const { user, requests } = await renderScreen(<SettingsScreen />, {
      ...route,
      answers: { ...answers, 'PUT /settings': inTurn(saved, fail(500, 'INTERNAL')) },
    });
    await user.selectOptions(await screen.findByTestId('settings-theme'), 'dark');
    expect(await screen.findByTestId('settings-status')).toHaveTextContent('Saved');
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ theme: 'dark' });
    await user.selectOptions(screen.getByTestId('settings-theme'), 'light');
    expect(await screen.findByText(/Your change could not be saved/)).toBeInTheDocument();
  });

  it('speaks Spanish: the weight with a decimal comma', async () => {
    await renderScreen(<SettingsScreen />, { ...route, language: 'es', answers });
    await waitFor(async () => expect(await screen.findByTestId('athlete-row')).toHaveTextContent('62,5'));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Ajustes');
  });
});
