import { ContactScreen } from './ContactScreen';

/** /auth/signup: same tabs as login plus the terms checkbox (spec 000 §2, §5). */
export function SignupScreen() {
  return <ContactScreen mode="signup" />;
}
