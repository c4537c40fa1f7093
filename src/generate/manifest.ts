import { ScaffoldError } from "./errors.ts";
import { TEMPLATE_FORMAT_VERSION } from "./template-tree.ts";

/** Refuses a template tree written for another format, before its schema (which may have changed) is checked. */
export function checkFormatVersion(manifest: unknown, origin: string): void {
  const format = (manifest as { formatVersion?: unknown } | null)?.formatVersion;
  if (format === TEMPLATE_FORMAT_VERSION) return;
  throw new ScaffoldError(
    `The templates from ${origin} use format ${String(format)}, but this scaffold understands format ${TEMPLATE_FORMAT_VERSION}: use a --template-ref released for this version of scaffold, or upgrade scaffold.`,
  );
}
