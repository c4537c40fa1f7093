import { z } from "zod";

// What `scaffold add-model` adds to src/graphql/inputs.ts when a model first needs it (the first model with a parent).

/** A positive 32-bit id (every database stores ids in a 32-bit integer column), e.g. a reference in an input. */
export const positiveId = z
  .string()
  .regex(/^\d{1,10}$/, "must be a positive integer")
  .transform(Number)
  .pipe(z.int().min(1).max(2_147_483_647));
