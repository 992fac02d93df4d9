// Placeholder: replaced by the real screen.
export function OnboardingProfileScreen(_props: Record<string, unknown>) {
  return <div>OnboardingProfileScreen</div>;
}
