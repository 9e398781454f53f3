/** A plan price as the pricing cards show it: $25, $18.75. */
export function formatUsd(amount: number): string {
  return `$${Number.isInteger(amount) ? amount : amount.toFixed(2)}`;
}
