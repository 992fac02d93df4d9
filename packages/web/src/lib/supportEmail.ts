/** Where riders write for help; each installation sets its own in VITE_SUPPORT_EMAIL. */
export const SUPPORT_EMAIL: string =
  (import.meta.env.VITE_SUPPORT_EMAIL as string | undefined) || 'soporte@vatio.app';
