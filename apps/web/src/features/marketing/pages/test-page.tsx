/** The plain-text test route of spec §2.1. */
export function TestPage() {
  return <p>Test route</p>;
}
