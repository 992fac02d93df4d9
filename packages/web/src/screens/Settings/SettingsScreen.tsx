// Placeholder: replaced by the real screen.
export function SettingsScreen(_props: Record<string, unknown>) {
  return <div>SettingsScreen</div>;
}
