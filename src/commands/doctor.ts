import { defineCommand } from "citty";
import { runChecks } from "../doctor/checks.ts";
import { runProbe } from "../doctor/probe.ts";
import { EXIT_FAILURE } from "../generate/errors.ts";
import { helpArg } from "./args.ts";
import { out } from "./output.ts";

const LABEL = { ok: "[OK]  ", warn: "[WARN]", fail: "[FAIL]" } as const;

export const doctorCommand = defineCommand({
  meta: {
    name: "doctor",
    description: "Check the tools generated projects need (exit 1 when a required one is missing)",
  },
  args: helpArg,
  async run() {
    const results = await runChecks(runProbe);
    for (const { status, text } of results) out.log(`${LABEL[status]} ${text}`);
    const failed = results.filter((r) => r.status === "fail").length;
    const warned = results.filter((r) => r.status === "warn").length;
    if (failed > 0) {
      out.log(
        `${failed} required check${failed === 1 ? "" : "s"} failed: fix the [FAIL] line${failed === 1 ? "" : "s"} above.`,
      );
      process.exitCode = EXIT_FAILURE;
    } else {
      out.log(`All required checks passed${warned ? ` (${warned} warning${warned === 1 ? "" : "s"})` : ""}.`);
    }
  },
});
