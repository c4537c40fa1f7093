/** `npm run build:npm`: both npm packages' tarballs into dist/npm/ (see docs/install.md). Runs under Bun. */
import { join, relative } from "node:path";
import { buildNpmPackages } from "./build-npm.ts";

const root = join(import.meta.dirname, "../../..");
const tarballs = await buildNpmPackages(root, join(root, "dist/npm"));
for (const tarball of Object.values(tarballs)) console.log(`packed ${relative(process.cwd(), tarball)}`);
