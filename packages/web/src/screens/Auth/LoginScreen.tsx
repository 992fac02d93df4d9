// Placeholder: replaced by the real screen.
export function LoginScreen(_props: Record<string, unknown>) {
  return <div>LoginScreen</div>;
}
