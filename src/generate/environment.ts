import { homedir } from "node:os";
import { join } from "node:path";

/** Where `--template-ref` downloads come from when neither the flag nor the environment names a source. */
export const DEFAULT_TEMPLATE_SOURCE = "github:scaffold-dev/scaffold/templates";

type Env = Record<string, string | undefined>;

/** `--template-source`, else `SCAFFOLD_TEMPLATE_SOURCE`, else this project's GitHub repository. */
export function templateSource(flag: string | null, env: Env = process.env): string {
  return flag ?? (env.SCAFFOLD_TEMPLATE_SOURCE || DEFAULT_TEMPLATE_SOURCE);
}

/** Cache root: `SCAFFOLD_CACHE_DIR`, else `$XDG_CACHE_HOME/scaffold`, else `~/.cache/scaffold`. */
export function cacheRoot(env: Env = process.env): string {
  if (env.SCAFFOLD_CACHE_DIR) return env.SCAFFOLD_CACHE_DIR;
  return join(env.XDG_CACHE_HOME || join(env.HOME || homedir(), ".cache"), "scaffold");
}
