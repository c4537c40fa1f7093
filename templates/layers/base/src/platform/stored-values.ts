import { z } from "zod";

/**
 * The values every database of the templates stores and gives back unchanged. Input outside them is a
 * VALIDATION_ERROR naming the field on every database, rather than a failure on one and a stored value on another.
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is the one character this pattern refuses.
const WITHOUT_NUL = /^[^\u0000]*$/;

/** Text of at most `maxLength` characters without U+0000, which PostgreSQL cannot store in a text column. */
export const storedText = (maxLength: number) =>
  z.string().max(maxLength).regex(WITHOUT_NUL, "must not contain the NUL character (U+0000)");

const EARLIEST_TIME = new Date("0001-01-01T00:00:00.000Z");
const LATEST_TIME = new Date("9999-12-31T23:59:59.999Z");
const timeRange = `must be from ${EARLIEST_TIME.toISOString()} to ${LATEST_TIME.toISOString()}`;

/** A time in the years 1 to 9999 (UTC): PostgreSQL has no year 0, MySQL's DATETIME none after 9999. */
export const storedTime = z.date().min(EARLIEST_TIME, timeRange).max(LATEST_TIME, timeRange);
