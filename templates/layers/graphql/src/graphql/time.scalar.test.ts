import { describe, expect, test } from "bun:test";
import { Kind } from "graphql";
import { timeScalar } from "./time.scalar.ts";

describe("scalar Time", () => {
  test("serializes a Date as an ISO 8601 UTC string, and refuses anything else", () => {
    expect(timeScalar.serialize(new Date(Date.UTC(2025, 0, 2, 3, 4, 5, 6)))).toBe("2025-01-02T03:04:05.006Z");
    for (const value of ["2025-01-01T00:00:00Z", 0, new Date(Number.NaN), null]) {
      expect(() => timeScalar.serialize(value)).toThrow("Time cannot represent");
    }
  });

  test("accepts UTC date-times with a Z, with or without milliseconds, as variables and as literals", () => {
    expect(timeScalar.parseValue("2025-01-02T03:04:05.006Z")).toEqual(new Date("2025-01-02T03:04:05.006Z"));
    expect(timeScalar.parseValue("2024-02-29T23:59:59Z")).toEqual(new Date("2024-02-29T23:59:59Z"));
    const literal = timeScalar.parseLiteral({ kind: Kind.STRING, value: "2025-01-02T03:04:05Z" });
    expect(literal).toEqual(new Date("2025-01-02T03:04:05Z"));
  });

  test("refuses offsets, dates without a time, local times, impossible dates and non-strings", () => {
    for (const value of [
      "2025-01-02T03:04:05+02:00",
      "2025-01-02",
      "2025-01-02T03:04:05",
      "2025-01-02 03:04:05Z",
      "2025-02-30T00:00:00Z",
      "2025-01-02T24:00:00Z",
      "2025-01-02T03:04:05.1234Z",
      "yesterday",
      1735787045000,
      null,
    ]) {
      expect(() => timeScalar.parseValue(value)).toThrow("Time must be an ISO 8601 UTC date-time");
    }
    expect(() => timeScalar.parseLiteral({ kind: Kind.INT, value: "1735787045" })).toThrow("Time must be");
  });
});
