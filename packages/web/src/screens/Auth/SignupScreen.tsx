// Placeholder: replaced by the real screen.
export function SignupScreen(_props: Record<string, unknown>) {
  return <div>SignupScreen</div>;
}
