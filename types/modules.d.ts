// Module kinds wrangler bundles: .wasm as a compiled WebAssembly.Module, .ttf as raw bytes (a [[rules]] Data rule).
declare module "*.wasm" {
  const module: WebAssembly.Module;
  export default module;
}

declare module "*.ttf" {
  const bytes: ArrayBuffer;
  export default bytes;
}
