// @note Rendered only for a model with parents or children (render/model-files.ts); `related` walks them, each once.
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
