/** The platforms a release ships a binary for; names are `<os>-<arch>` as in `dist/scaffold-<os>-<arch>`. */
export const TARGET_NAMES = ["linux-x64", "linux-arm64", "darwin-x64", "darwin-arm64", "windows-x64"] as const;
export type TargetName = (typeof TARGET_NAMES)[number];

export interface BuildTarget {
  name: TargetName;
  /** Value of `bun build --target`. */
  bunTarget: string;
  /** File name in `dist/`. */
  fileName: string;
}

export function buildTarget(name: TargetName): BuildTarget {
  const suffix = name.startsWith("windows-") ? ".exe" : "";
  return { name, bunTarget: `bun-${name}`, fileName: `scaffold-${name}${suffix}` };
}

function isTargetName(name: string): name is TargetName {
  return (TARGET_NAMES as readonly string[]).includes(name);
}

/** The targets named on the command line (all of them when none is named); an unknown name is an error. */
export function selectTargets(names: readonly string[]): BuildTarget[] {
  if (names.length === 0) return TARGET_NAMES.map(buildTarget);
  return names.map((name) => {
    if (!isTargetName(name)) throw new Error(`unknown target "${name}": use one of ${TARGET_NAMES.join(", ")}`);
    return buildTarget(name);
  });
}

/** The target matching the machine this runs on, or undefined when no release binary fits it. */
export function hostTargetName(platform = process.platform, arch = process.arch): TargetName | undefined {
  const os = platform === "win32" ? "windows" : platform;
  const name = `${os}-${arch}`;
  return isTargetName(name) ? name : undefined;
}
