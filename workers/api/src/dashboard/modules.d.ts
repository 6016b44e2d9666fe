// The dashboard's static files (./web-assets/…) are bundled as text by the `[[rules]] type = "Text"` rule in
// workers/api/wrangler.toml: the Worker serves them from memory, and the browser runs the .js files, not the Worker.
declare module "./web-assets/*" {
  const text: string;
  export default text;
}

// Scalar's browser build (the API reference, workers/api/src/reference.ts), bundled as text by its own rule.
declare module "*/@scalar/api-reference/dist/browser/standalone.js" {
  const text: string;
  export default text;
}
