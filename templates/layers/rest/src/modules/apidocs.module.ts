import { apiInfo, mountApiDocs } from "../adapters/http/apidocs.ts";
import { defineModule } from "./module.ts";

/** `/apidocs` and the OpenAPI document of every route, with the security schemes the modules name. */
export const apidocsModule = defineModule({
  provide: () => ({}),
  mount: (app, modules) =>
    mountApiDocs(app, apiInfo, Object.assign({}, ...modules.map((module) => module.securitySchemes ?? {}))),
});
