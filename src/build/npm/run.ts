import { spawn } from "node:child_process";

/** Runs `command` in `cwd`; throws with its output unless it exits with 0. Returns its standard output. */
export function run([command, ...args]: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command as string, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let output = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) resolve(stdout);
      else reject(new Error(`${[command, ...args].join(" ")} exited with ${code}:\n${output.slice(-4_000)}`));
    });
  });
}
