import { ContactScreen } from './ContactScreen';

/** /auth/login: ask for a one-time code by e-mail or phone (spec 000 §2). */
export function LoginScreen() {
  return <ContactScreen mode="login" />;
}
