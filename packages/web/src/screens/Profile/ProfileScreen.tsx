// Placeholder: replaced by the real screen.
export function ProfileScreen(_props: Record<string, unknown>) {
  return <div>ProfileScreen</div>;
}
