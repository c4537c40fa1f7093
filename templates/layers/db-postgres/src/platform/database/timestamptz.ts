import { customType } from "drizzle-orm/pg-core";

/** PostgreSQL's text of a `timestamptz`: "2025-06-01 14:30:05.123+02", "0001-12-31 19:03:58-04:56:02 BC". */
const TIMESTAMPTZ_TEXT =
  /^(\d{4,})-(\d\d)-(\d\d)[ T](\d\d):(\d\d):(\d\d)(\.\d+)?([+-])(\d\d)(?::?(\d\d))?(?::?(\d\d))?( BC)?$/;

/**
 * The instant PostgreSQL's text of a `timestamptz` names, exactly, in any session time zone. Not `new Date(text)`
 * (what Drizzle's `timestamp` column does): outside ISO 8601, JavaScript reads the years 1 to 99 as 19xx and 20xx.
 */
export function parseTimestamptz(text: string): Date {
  const parts = TIMESTAMPTZ_TEXT.exec(text);
  if (!parts) throw new Error(`Not a PostgreSQL timestamptz: ${text}`);
  const [, year, month, day, hours, minutes, seconds, fraction, sign, offsetHours, offsetMinutes, offsetSeconds, bc] =
    parts;
  const time = new Date(0);
  // Year 1 BC is year 0 of ISO 8601 (and of JavaScript), 2 BC is -1.
  time.setUTCFullYear(bc ? 1 - Number(year) : Number(year), Number(month) - 1, Number(day));
  const milliseconds = Number((fraction ?? "").slice(1, 4).padEnd(3, "0"));
  time.setUTCHours(Number(hours), Number(minutes), Number(seconds), milliseconds);
  const offset = (Number(offsetHours) * 3600 + Number(offsetMinutes ?? 0) * 60 + Number(offsetSeconds ?? 0)) * 1000;
  return new Date(time.getTime() - (sign === "+" ? offset : -offset));
}

/** `timestamp (3) with time zone` as a Date, written as ISO 8601 and read with `parseTimestamptz`. */
export const timestamptz = customType<{ data: Date; driverData: string }>({
  dataType: () => "timestamp (3) with time zone",
  toDriver: (value) => value.toISOString(),
  fromDriver: parseTimestamptz,
});
