// Types of services.mjs for the TypeScript tests that read it (client.test.ts).
export const ROOT: string;
export const DOCS_DIR: string;
export const LOG_FILE: string;
export function readDocsDemo(): Record<"img_url" | "api_url" | "beta_url" | "publishable_key" | "secret_key" | "beta_key" | "admin_token", string>;
export function startDocsServices(): Promise<{ demo: ReturnType<typeof readDocsDemo>; stop: () => Promise<void> }>;
