import { DATABASE_PLANS } from "./plans.ts";
import { describeGeneratedProject } from "./project-suite.ts";

describeGeneratedProject({ template: "full", ...DATABASE_PLANS.sqlite });
