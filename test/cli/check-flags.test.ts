import { describe, expect, test } from "bun:test";
import { newArgs } from "../../src/commands/args.ts";
import { checkFlags, lastBooleanWins, splitShortValues } from "../../src/commands/check-flags.ts";
import { nearest } from "../../src/commands/nearest.ts";

const check = (args: string[]) => () => checkFlags(args, newArgs, "scaffold new");

describe("checkFlags", () => {
  test("accepts every documented form", () => {
    for (const args of [
      ["demo", "--template", "full", "--database=mysql", "-o", "basic"],
      ["-t", "full", "demo", "--dryRun", "--json"],
      ["demo", "--force=false", "--no-offline", "--template-ref", "v1.0.0"],
      ["demo", "--", "--anything"],
    ]) {
      expect(check(args)).not.toThrow();
    }
  });

  test("rejects unknown flags, bad values and extra arguments", () => {
    expect(check(["demo", "--databse", "x"])).toThrow("Unknown flag --databse: did you mean --database?");
    expect(check(["demo", "-q"])).toThrow("Unknown flag -q");
    expect(check(["demo", "-nf"])).toThrow("Unknown flag -nf");
    expect(check(["demo", "--no-template"])).toThrow("Unknown flag --no-template");
    expect(check(["demo", "-d"])).toThrow("--database needs a value: one of postgres, mysql, sqlite.");
    expect(check(["demo", "--template-source="])).toThrow("--template-source needs a value: a source.");
    expect(check(["demo", "two"])).toThrow('Unexpected argument "two"');
  });
});

test("splitShortValues turns -x=value into -x value, but not after --", () => {
  expect(splitShortValues(["-o=basic", "--database=mysql", "--", "-t=x"])).toEqual([
    "-o",
    "basic",
    "--database=mysql",
    "--",
    "-t=x",
  ]);
});

test("nearest suggests only plausible typos", () => {
  const flags = ["--template", "--template-ref", "--force", "--offline"];
  expect(nearest("--tempalte", flags)).toBe("--template");
  expect(nearest("--template-rf", flags)).toBe("--template-ref");
  expect(nearest("--frce", flags)).toBe("--force");
  expect(nearest("--verbose", flags)).toBeUndefined();
});

test("lastBooleanWins keeps only the last spelling of each boolean flag, so the last one wins", () => {
  const keep = (args: string[]) => lastBooleanWins(args, newArgs);
  expect(keep(["foo", "--no-dry-run", "--dry-run"])).toEqual(["foo", "--dry-run"]);
  expect(keep(["foo", "--dry-run=false", "-n"])).toEqual(["foo", "-n"]);
  expect(keep(["-n", "foo", "--dryRun=false", "--json"])).toEqual(["foo", "--dryRun=false", "--json"]);
  expect(keep(["foo", "--force", "-d", "sqlite", "--no-force", "--", "--force"])).toEqual([
    "foo",
    "-d",
    "sqlite",
    "--no-force",
    "--",
    "--force",
  ]);
});
