/** The project's GitHub repository; its releases hold the binaries, SHA256SUMS, the formula and install.sh. */
export const DEFAULT_REPOSITORY_URL = "https://github.com/scaffold-dev/scaffold";

/** Default base URL of releases; install.sh uses the same layout (`<base>/download/v<version>/<file>`). */
export const DEFAULT_RELEASES_URL = `${DEFAULT_REPOSITORY_URL}/releases`;

/** Where the files of one released version are downloaded from. */
export function versionDownloadUrl(releasesUrl: string, version: string): string {
  return `${releasesUrl.replace(/\/+$/, "")}/download/v${version}`;
}

/** The project page for a releases URL (GitHub's `<repo>/releases` -> `<repo>`). */
export function homepageOf(releasesUrl: string): string {
  return releasesUrl.replace(/\/+$/, "").replace(/\/releases$/, "");
}
