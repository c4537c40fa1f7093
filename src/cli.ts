#!/usr/bin/env bun
import { defineCommand } from "citty";
import pkg from "../package.json" with { type: "json" };
import { rootArgs } from "./commands/args.ts";
import { runCli } from "./commands/dispatch.ts";

/** The root command; subcommands are imported only when they run, so start-up stays lean. */
export const rootCommand = defineCommand({
  meta: {
    name: "scaffold",
    version: pkg.version,
    description:
      "Generate production-ready TypeScript backend services. `scaffold <name>` is short for `scaffold new <name>`.",
  },
  args: rootArgs,
  subCommands: {
    new: () => import("./commands/new.ts").then((m) => m.newCommand),
    doctor: () => import("./commands/doctor.ts").then((m) => m.doctorCommand),
    "add-model": () => import("./commands/add-model.ts").then((m) => m.addModelCommand),
    upgrade: () => import("./commands/upgrade.ts").then((m) => m.upgradeCommand),
  },
});

process.exitCode = await runCli(rootCommand, process.argv.slice(2));
