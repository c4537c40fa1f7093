import { DATABASE_PLANS } from "./plans.ts";
import { describeGeneratedProject } from "./project-suite.ts";

describeGeneratedProject({ template: "minimal", ...DATABASE_PLANS.sqlite });
