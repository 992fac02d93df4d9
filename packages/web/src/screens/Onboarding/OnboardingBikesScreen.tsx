// Placeholder: replaced by the real screen.
export function OnboardingBikesScreen(_props: Record<string, unknown>) {
  return <div>OnboardingBikesScreen</div>;
}
