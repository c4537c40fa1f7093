import { describe, expect, test } from "bun:test";
import { parseBuildArgs } from "../../src/build/build-args.ts";
import { DEFAULT_RELEASES_URL, homepageOf, versionDownloadUrl } from "../../src/build/release-urls.ts";
import { hostTargetName, TARGET_NAMES } from "../../src/build/targets.ts";

describe("parseBuildArgs", () => {
  test("builds every target into <root>/dist by default", () => {
    const args = parseBuildArgs([], "/repo", {});
    expect(args.targets.map((target) => target.name)).toEqual([...TARGET_NAMES]);
    expect(args.outDir).toBe("/repo/dist");
    expect(args.releasesUrl).toBe(DEFAULT_RELEASES_URL);
  });

  test("--target picks targets (repeatable, both spellings); Windows gets .exe", () => {
    const args = parseBuildArgs(["--target", "linux-x64", "--target=windows-x64"], "/repo", {});
    expect(args.targets).toEqual([
      { name: "linux-x64", bunTarget: "bun-linux-x64", fileName: "scaffold-linux-x64" },
      { name: "windows-x64", bunTarget: "bun-windows-x64", fileName: "scaffold-windows-x64.exe" },
    ]);
  });

  test("an unknown target lists the valid ones", () => {
    expect(() => parseBuildArgs(["--target", "linux-riscv"], "/repo", {})).toThrow(
      'unknown target "linux-riscv": use one of linux-x64, linux-arm64, darwin-x64, darwin-arm64, windows-x64',
    );
  });

  test("an unknown flag is refused", () => {
    expect(() => parseBuildArgs(["--targets", "linux-x64"], "/repo", {})).toThrow("--targets");
  });

  test("the releases URL comes from --base-url, else SCAFFOLD_RELEASES_URL", () => {
    expect(parseBuildArgs([], "/r", { SCAFFOLD_RELEASES_URL: "https://env.test" }).releasesUrl).toBe(
      "https://env.test",
    );
    const args = parseBuildArgs(["--base-url", "https://flag.test", "--outdir", "out"], "/r", {
      SCAFFOLD_RELEASES_URL: "https://env.test",
    });
    expect(args.releasesUrl).toBe("https://flag.test");
    expect(args.outDir).toBe("/r/out");
  });
});

test("release URLs follow GitHub's layout", () => {
  expect(versionDownloadUrl("https://github.com/o/r/releases/", "1.0.0")).toBe(
    "https://github.com/o/r/releases/download/v1.0.0",
  );
  expect(homepageOf("https://github.com/o/r/releases")).toBe("https://github.com/o/r");
});

test("host target detection", () => {
  expect(hostTargetName("linux", "x64")).toBe("linux-x64");
  expect(hostTargetName("darwin", "arm64")).toBe("darwin-arm64");
  expect(hostTargetName("win32", "x64")).toBe("windows-x64");
  expect(hostTargetName("linux", "riscv64")).toBeUndefined();
});
