// Placeholder: replaced by the real screen.
export function NotFoundScreen(_props: Record<string, unknown>) {
  return <div>NotFoundScreen</div>;
}
