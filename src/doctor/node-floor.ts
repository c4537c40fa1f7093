import basePackage from "../../templates/layers/base/package.json" with { type: "json" };

/**
 * The oldest Node.js that runs a generated project (`npm start`, `npm run dev`): the floor of the template's own
 * `engines` (">=22.13" -> "22.13"), read at build time so the CLI and the projects cannot disagree.
 */
export const NODE_FLOOR = basePackage.engines.node.replace(/^>=\s*/, "");
