/**
 * This machine's proxy and TLS trust settings: what a replayed build or CI job reaches the npm registry through
 * (Docker builds and CI runners get theirs from their host the same way). Everything else stays out.
 */
export function networkEnv(): Record<string, string> {
  const names = /^(https?_proxy|no_proxy|NODE_EXTRA_CA_CERTS|SSL_CERT_FILE|SSL_CERT_DIR)$/i;
  const entries = Object.entries(process.env).filter(([name, value]) => names.test(name) && value !== undefined);
  return Object.fromEntries(entries) as Record<string, string>;
}
