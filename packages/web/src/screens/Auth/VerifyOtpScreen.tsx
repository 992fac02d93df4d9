// Placeholder: replaced by the real screen.
export function VerifyOtpScreen(_props: Record<string, unknown>) {
  return <div>VerifyOtpScreen</div>;
}
