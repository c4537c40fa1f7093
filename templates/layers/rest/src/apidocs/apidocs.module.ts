import { defineModule } from "../platform/module.ts";
import { apiInfo, mountApiDocs } from "./apidocs.ts";

/** `/apidocs` and the OpenAPI document of every route, with the security schemes the modules name. */
export const apidocsModule = defineModule({
  provide: () => ({}),
  mount: (app, modules) =>
    mountApiDocs(app, apiInfo, Object.assign({}, ...modules.map((module) => module.securitySchemes ?? {}))),
});
