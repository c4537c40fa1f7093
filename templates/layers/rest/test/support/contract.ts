import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import formats from "ajv-formats";
import createClient, { type Middleware } from "openapi-fetch";
import { defaultBodyLimitBytes } from "../../src/platform/config.ts";
import type { paths } from "./openapi-types.ts";

/**
 * The API's contract as a test: a typed client (openapi-fetch over the types openapi-typescript wrote from the
 * document, `npm run contract:types`) whose every request and answer are checked against the live document the app
 * serves. A client generated from the document must be able to trust it, so a check fails when
 * - the answer's status is not listed for the operation, or its content type, a listed header or its body does not
 *   match what the document says for that status;
 * - the service refuses with 400 a request the document accepts (the document is looser than the service);
 * - a status the document lists for an operation is never seen in the walk (`uncovered`).
 */

interface Parameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  explode?: boolean;
  schema?: { type?: unknown; items?: { type?: unknown } };
}

interface MediaTypes {
  content?: Record<string, { schema?: object }>;
}

type Answer = MediaTypes & { headers?: Record<string, { required?: boolean; schema?: object }> };

interface Operation {
  parameters?: Parameter[];
  requestBody?: MediaTypes & { required?: boolean };
  /** An answer, or a `$ref` to one of `components.responses`. */
  responses: Record<string, Answer & { $ref?: string }>;
}

interface Document {
  paths: Record<string, Record<string, Operation>>;
  components?: { responses?: Record<string, Answer> };
}

/** What the contract needs of an app: Hono's `app.request()`, which also takes a `Request`. */
interface FetchableApp {
  request(input: Request): Response | Promise<Response>;
}

const DOCUMENT_ID = "openapi.json";

// A 500 is the service failing and a 503 its database not answering: no request of a walk can ask for either (an
// answer with one is still checked against the document). The other statuses must each be seen.
const UNREACHABLE_STATUSES = new Set(["500", "503"]);

const pointer = (...tokens: string[]) =>
  tokens.map((token) => token.replaceAll("~", "~0").replaceAll("/", "~1")).join("/");

const mediaType = (header: string | null) => header?.split(";")[0]?.trim().toLowerCase() ?? "";

/** A path or query value as the schema's type: the document types them, the URL carries strings. */
function typed(value: string, schema: { type?: unknown } | undefined): unknown {
  const types = [schema?.type].flat();
  if ((types.includes("integer") || types.includes("number")) && value.trim() !== "" && !Number.isNaN(Number(value))) {
    return Number(value);
  }
  if (types.includes("boolean") && (value === "true" || value === "false")) return value === "true";
  return value;
}

/**
 * A parameter's value as its schema types it: an array from its repeated (`explode`, OpenAPI's default for a query) or
 * comma-separated values, each item typed.
 */
function parameterValue(parameter: Parameter, raw: string, repeated: string[]): unknown {
  if ([parameter.schema?.type].flat().includes("array")) {
    const items = parameter.explode === false ? raw.split(",") : repeated;
    return items.map((item) => typed(item, parameter.schema?.items));
  }
  return typed(raw, parameter.schema);
}

/** The path template's parameters in a concrete path (`/users/{id}` and `/users/7`: `{ id: "7" }`). */
function pathValues(template: string, path: string): Record<string, string> {
  const names = template.split("/");
  const values = path.split("/");
  const found: Record<string, string> = {};
  names.forEach((name, index) => {
    if (name.startsWith("{")) found[name.slice(1, -1)] = decodeURIComponent(values[index] ?? "");
  });
  return found;
}

export class Contract {
  private readonly ajv = new Ajv2020({ allErrors: true, strict: false });
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly seen = new Set<string>();
  private readonly document: Document;
  readonly mismatches: string[] = [];

  /** `document`: an OpenAPI 3.1 document as JSON (the app's, or any other). */
  constructor(document: object) {
    this.document = document as Document;
    formats.default(this.ajv);
    this.ajv.addSchema(document, DOCUMENT_ID);
  }

  /** The schema at a JSON pointer into the document, compiled once (its `$ref`s resolve against the document). */
  private validator(...tokens: string[]): ValidateFunction {
    const ref = `${DOCUMENT_ID}#/${pointer(...tokens)}`;
    let validate = this.validators.get(ref);
    if (!validate) {
      validate = this.ajv.compile({ $ref: ref });
      this.validators.set(ref, validate);
    }
    return validate;
  }

  private problems(validate: ValidateFunction, value: unknown): string | undefined {
    return validate(value) ? undefined : this.ajv.errorsText(validate.errors, { dataVar: "" }).trim();
  }

  /** Why the document refuses this request (its parameters and body), or nothing when it accepts it. */
  private async refusal(template: string, method: string, request: Request, operation: Operation) {
    const url = new URL(request.url);
    const fromPath = pathValues(template, url.pathname);
    const reasons: string[] = [];
    // The service refuses a query parameter the operation does not list (the document's description says so).
    const inQuery = (operation.parameters ?? []).filter((parameter) => parameter.in === "query");
    const listed = new Set(inQuery.map((parameter) => parameter.name));
    for (const name of new Set(url.searchParams.keys())) {
      if (!listed.has(name)) reasons.push(`${name} is not a parameter of the operation`);
    }
    for (const [index, parameter] of (operation.parameters ?? []).entries()) {
      if (parameter.in !== "path" && parameter.in !== "query") continue;
      const raw = parameter.in === "path" ? fromPath[parameter.name] : url.searchParams.get(parameter.name);
      if (raw === undefined || raw === null) {
        if (parameter.required) reasons.push(`${parameter.name} is missing`);
        continue;
      }
      const validate = this.validator("paths", template, method, "parameters", String(index), "schema");
      const problem = this.problems(validate, parameterValue(parameter, raw, url.searchParams.getAll(parameter.name)));
      if (problem) reasons.push(`${parameter.name} ${problem}`);
    }
    const text = await request.clone().text();
    const body = operation.requestBody;
    if (body && (text !== "" || body.required)) {
      const type = mediaType(request.headers.get("content-type"));
      if (!body.content?.[type]) return [...reasons, `the body's type ${type || "(none)"} is not listed`];
      try {
        const problem = this.problems(
          this.validator("paths", template, method, "requestBody", "content", type, "schema"),
          JSON.parse(text),
        );
        if (problem) reasons.push(`body ${problem}`);
      } catch {
        reasons.push("the body is not JSON");
      }
    }
    return reasons;
  }

  /** Checks one exchange of `template`'s operation `method` (lower case, as the document keys it). */
  async check(template: string, request: Request, response: Response): Promise<void> {
    const method = request.method.toLowerCase();
    const name = `${request.method} ${template}`;
    const operation = this.document.paths[template]?.[method];
    if (!operation) {
      this.mismatches.push(`${name}: the document has no such operation`);
      return;
    }
    const refusal = await this.refusal(template, method, request, operation);
    const status = String(response.status);
    this.seen.add(`${name} ${status}`);
    const label = `${name} -> ${status}`;
    if (status === "400" && refusal.length === 0) {
      const { pathname, search } = new URL(request.url);
      const answer = await response.clone().text();
      this.mismatches.push(
        `${label}: the document accepts the request (${pathname}${search}), the service refused: ${answer}`,
      );
    }
    const key = [status, `${status[0]}XX`, "default"].find((candidate) => operation.responses[candidate]);
    if (!key) {
      this.mismatches.push(
        `${label}: status not documented (documented: ${Object.keys(operation.responses).join(", ")})`,
      );
      return;
    }
    // Where the answer is described: in the operation, or in components.responses when it refers to one there.
    const ref = operation.responses[key]?.$ref?.replace("#/components/responses/", "");
    const at = ref === undefined ? ["paths", template, method, "responses", key] : ["components", "responses", ref];
    const documented =
      (ref === undefined ? operation.responses[key] : this.document.components?.responses?.[ref]) ?? {};
    for (const [header, spec] of Object.entries(documented.headers ?? {})) {
      const value = response.headers.get(header);
      if (value === null) {
        if (spec.required) this.mismatches.push(`${label}: header ${header} is missing`);
        continue;
      }
      const validate = this.validator(...at, "headers", header, "schema");
      const problem = this.problems(validate, typed(value, spec.schema as { type?: unknown }));
      if (problem) this.mismatches.push(`${label}: header ${header} ${problem}`);
    }
    const text = await response.clone().text();
    const type = mediaType(response.headers.get("content-type"));
    if (!documented.content) {
      if (text !== "") this.mismatches.push(`${label}: a ${type} body where the document lists none`);
      return;
    }
    if (!documented.content[type]) {
      const listed = Object.keys(documented.content).join(", ");
      this.mismatches.push(`${label}: content type ${type || "(none)"}, documented ${listed}`);
      return;
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      this.mismatches.push(`${label}: the body is not JSON: ${text.slice(0, 200)}`);
      return;
    }
    const validate = this.validator(...at, "content", type, "schema");
    const problem = this.problems(validate, body);
    if (problem) this.mismatches.push(`${label}: body ${problem}: ${text.slice(0, 300)}`);
  }

  /** The statuses the document lists for these paths' operations that no checked answer had. */
  uncovered(templates: readonly string[]): string[] {
    return templates.flatMap((template) =>
      Object.entries(this.document.paths[template] ?? {}).flatMap(([method, operation]) =>
        Object.keys(operation.responses)
          .filter((status) => !UNREACHABLE_STATUSES.has(status))
          .map((status) => `${method.toUpperCase()} ${template} ${status}`)
          .filter((exchange) => !this.seen.has(exchange)),
      ),
    );
  }

  /** A client typed by the document; each of its requests is checked. `token`: sent as a bearer token. */
  client(app: FetchableApp, token?: string) {
    const client = createClient<paths>({
      baseUrl: "http://contract.test",
      // The document's arrays are comma-separated (`style: form, explode: false`), which openapi-fetch does not read
      // from it: a client generated from the document is configured so.
      querySerializer: { array: { style: "form", explode: false } },
      // A copy goes to the app, so the check can still read the request's body.
      // (Node's and Bun's typings each declare a Request; they are the same object at run time.)
      fetch: async (request) => app.request(request.clone() as Request),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    const check: Middleware = {
      onResponse: async ({ request, response, schemaPath }) => {
        await this.check(schemaPath, request, response);
        return undefined;
      },
    };
    client.use(check);
    return client;
  }
}

/** The contract of the app as it serves its document (`GET /apidocs/openapi.json`). */
export async function openContract(app: FetchableApp): Promise<Contract> {
  const response = await app.request(new Request("http://contract.test/apidocs/openapi.json"));
  return new Contract((await response.json()) as object);
}

export type ContractClient = ReturnType<Contract["client"]>;

/** Options that make a client send a valid body the wrong way. */
interface RefusedBody {
  bodySerializer: (body: unknown) => string;
  headers?: Record<string, string>;
}

/** Malformed JSON (400), one byte over the body limit (413: spaces keep it valid JSON), not JSON (415). */
const REFUSED_BODIES: RefusedBody[] = [
  { bodySerializer: () => "{" },
  { bodySerializer: (body) => JSON.stringify(body).padEnd(defaultBodyLimitBytes + 1) },
  { bodySerializer: (body) => JSON.stringify(body), headers: { "content-type": "text/plain" } },
];

/** The statuses of `send` with each refused body, in order: an operation with a body answers `[400, 413, 415]`. */
export async function refusedBodyStatuses(send: (options: RefusedBody) => Promise<{ response: Response }>) {
  const statuses: number[] = [];
  for (const options of REFUSED_BODIES) statuses.push((await send(options)).response.status);
  return statuses;
}
