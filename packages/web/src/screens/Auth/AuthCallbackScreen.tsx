// Placeholder: replaced by the real screen.
export function AuthCallbackScreen(_props: Record<string, unknown>) {
  return <div>AuthCallbackScreen</div>;
}
