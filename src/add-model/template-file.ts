import { readFileSync } from "node:fs";
import { join } from "node:path";
import { repositoryTemplates } from "../generate/template-source.ts";

/** A file of the templates this CLI carries (embedded in the binary; the repository's templates/ from source). */
export function templateFile(path: string): string {
  const embedded = globalThis.__SCAFFOLD_TEMPLATES__?.files[path]?.contents;
  return embedded ?? readFileSync(join(repositoryTemplates(), path), "utf8");
}
