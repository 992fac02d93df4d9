// Placeholder: replaced by the real screen.
export function LegalScreen(_props: { document: 'terms' | 'privacy' }) {
  return <div>LegalScreen</div>;
}
