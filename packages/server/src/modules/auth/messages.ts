// The words of the sign-in messages, in the rider's language. The web app's i18n covers the
// screens; these are the only texts the server itself writes to people.
type Language = 'es' | 'en';

interface CodeMessage {
  subject: string;
  text: string;
  html: string;
  sms: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function codeMessage(language: Language, code: string, link: string): CodeMessage {
  const t =
    language === 'es'
      ? {
          subject: `Tu código de acceso a Vatio: ${code}`,
          intro: 'Tu código de acceso a Vatio es:',
          link: 'O entra directamente con este enlace:',
          expiry: 'El código caduca en 10 minutos y solo sirve una vez.',
          ignore: 'Si no lo has pedido tú, ignora este mensaje.',
          sms: `Vatio: tu código es ${code}. Caduca en 10 minutos.`,
        }
      : {
          subject: `Your Vatio sign-in code: ${code}`,
          intro: 'Your Vatio sign-in code is:',
          link: 'Or sign in directly with this link:',
          expiry: 'The code expires in 10 minutes and works once.',
          ignore: "If you didn't ask for it, ignore this message.",
          sms: `Vatio: your code is ${code}. It expires in 10 minutes.`,
        };
  return {
    subject: t.subject,
    text: `${t.intro}\n\n    ${code}\n\n${t.link}\n${link}\n\n${t.expiry}\n${t.ignore}\n`,
    html: `<p>${t.intro}</p><p style="font-size:28px;font-weight:bold;letter-spacing:6px">${code}</p><p>${t.link}<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>${t.expiry}<br>${t.ignore}</p>`,
    sms: t.sms,
  };
}

/** Sent instead of a code when someone asks to sign in with a contact that has no account. */
export function noAccountMessage(language: Language, signupLink: string): CodeMessage {
  const t =
    language === 'es'
      ? {
          subject: 'Intento de acceso a Vatio',
          body: 'Alguien (probablemente tú) ha intentado entrar en Vatio con esta dirección, pero no hay ninguna cuenta asociada. Puedes crear una gratis aquí:',
          sms: `Vatio: no hay ninguna cuenta con este número. Regístrate en ${signupLink}`,
        }
      : {
          subject: 'Sign-in attempt at Vatio',
          body: 'Someone (probably you) tried to sign in to Vatio with this address, but no account uses it. You can create one for free here:',
          sms: `Vatio: no account uses this number. Sign up at ${signupLink}`,
        };
  return {
    subject: t.subject,
    text: `${t.body}\n${signupLink}\n`,
    html: `<p>${t.body}<br><a href="${escapeHtml(signupLink)}">${escapeHtml(signupLink)}</a></p>`,
    sms: t.sms,
  };
}
