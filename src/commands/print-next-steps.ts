import { NODE_FLOOR } from "../doctor/node-floor.ts";
import type { GenerateOptions } from "../generate/options.ts";
import type { PostResult } from "../generate/post-generate.ts";
import { out } from "./output.ts";

export interface Generated {
  options: GenerateOptions;
  target: string;
  files: number;
  backup: string | null;
  post: PostResult;
}

export function printNextSteps({ options, target, files, backup, post }: Generated): void {
  if (backup) out.warn(`The previous ${options.projectName} directory was moved to ${backup}.`);
  if (post.git === "no-git") out.warn("git is not installed: no repository was created (run `git init` later).");
  else if (post.git !== "committed") out.warn(`Could not create the initial git commit: ${post.git}`);
  out.success(
    `Created ${options.projectName} (${options.template}, ${options.database}, observability ${options.observability}) with ${files} files in ${target}`,
  );
  out.log(
    [
      post.env ? "Settings are in .env (copied from .env.example)." : "",
      "",
      "Next steps:",
      `  cd ${options.projectName}`,
      `  ./setup.sh         # dependencies, ${options.template === "full" ? "a random JWT_SECRET, " : ""}the database, tests`,
      "  npm run dev        # run the service with reload (http://localhost:8080)",
      "  npm test           # run its tests",
      "",
      "Commit package-lock.json after the first install: CI then runs npm ci.",
      `On Node.js older than ${NODE_FLOOR}, npm start, npm run dev and npm run apidocs`,
      "run on the Bun that npm install brings.",
      "",
    ].join("\n"),
  );
}
