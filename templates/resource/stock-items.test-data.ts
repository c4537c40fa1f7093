/** A valid stock item input; `n` makes it differ from the others/*@if parents*/ (every parent is the first one)/*@end*/. */
export const stockItemInput = (n: number) => ({
  // @each field
  // @if email
  displayName: `display_name${n}@example.com`,
  // @elif string
  displayName: `display name ${n}`,
  // @elif int
  stockDelta: -n * 3,
  // @elif uint
  unitCount: n * 4,
  // @elif float64
  unitPrice: n + 0.5,
  // @elif bool
  isActive: n % 2 === 1,
  // @elif time
  restockedAt: new Date(Date.UTC(2025, 0, n, 12)),
  // @end
  // @end
  // @each parent
  storageBinId: 1,
  // @end
});
// @note The body only where the routes test is rendered (full's users keep their own, layers/full/).
// @if minimal || full && !templateUser

/** The input's fields as the routes' JSON body/*@if parents*/; the parents' ids are the test's to add/*@end*/. */
export function stockItemBody(n: number) {
  const input = stockItemInput(n);
  return {
    // @each field
    // @if time
    restocked_at: input.restockedAt.toISOString(),
    // @else
    display_name: input.displayName,
    // @end
    // @end
  };
}
// @end
// @note `related` walks the parents and the children, each once.
// @each related

/** A storage bin as the tests store it through its repository: its fields/*@if parents*/, and every parent of it id 1/*@end*/. */
export const storedStorageBin = () => ({
  // @each stored
  // @if email
  displayName: "display_name1@example.com",
  // @elif string
  displayName: "display name 1",
  // @elif int
  stockDelta: -3,
  // @elif uint
  unitCount: 4,
  // @elif float64
  unitPrice: 1.5,
  // @elif bool
  isActive: true,
  // @elif time
  restockedAt: new Date("2025-01-01T12:00:00.000Z"),
  // @end
  // @end
  // @each parent
  storageBinId: 1,
  // @end
});
// @end
