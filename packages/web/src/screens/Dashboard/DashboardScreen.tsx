// Placeholder: replaced by the real screen.
export function DashboardScreen(_props: Record<string, unknown>) {
  return <div>DashboardScreen</div>;
}
