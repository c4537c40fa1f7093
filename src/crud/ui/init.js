// Starts Swagger UI on the page's OpenAPI document (the URL is on this script's tag, so the page needs no inline script).
const specUrl = document.currentScript.dataset.specUrl;
window.ui = SwaggerUIBundle({
  url: specUrl,
  dom_id: "#swagger-ui",
  deepLinking: true,
  // The default validator badge calls an external service; everything must stay on this server.
  validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis],
  layout: "BaseLayout",
});
