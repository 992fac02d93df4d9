// Placeholder: replaced by the real screen.
export function LandingScreen(_props: Record<string, unknown>) {
  return <div>LandingScreen</div>;
}
