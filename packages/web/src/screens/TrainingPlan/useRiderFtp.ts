import { useQuery } from '@tanstack/react-query';
import { listAthleteSettings } from '../../api/activities';
import { queryKeys } from '../../api/query-keys';
import { useAuth } from '../../auth/AuthProvider';

/**
 * The rider's FTP today: the newest dated setting on or before today that sets one (as the server's
 * settingsAt does), undefined without one. The builder computes NP/IF/TSS with it in the browser.
 */
export function useRiderFtp(): { ftpW: number | undefined; pending: boolean } {
  const { user } = useAuth();
  const history = useQuery({
    queryKey: queryKeys.athleteSettings.list(user?.id),
    queryFn: listAthleteSettings,
  });
  const today = new Date().toISOString().slice(0, 10);
  const ftpW =
    history.data?.history
      .filter((h) => h.effective_from <= today && h.ftp_w !== null)
      .sort((a, b) => (a.effective_from < b.effective_from ? 1 : -1))[0]?.ftp_w ?? undefined;
  return { ftpW, pending: history.isPending };
}
