// One vitest project per Worker, each running inside workerd with that Worker's real wrangler config and bindings.
// test/core holds domain tests that need bindings too; they run with the api Worker's configuration.
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

const migrations = await readD1Migrations("migrations");

function workerProject(worker: "img" | "api" | "beta", include: string[]) {
  return {
    plugins: [
      cloudflareTest({
        wrangler: { configPath: `workers/${worker}/wrangler.toml` },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            ADMIN_TOKEN: "test-admin-token",
            VARIANT_SIGNING_KEY: "test-variant-signing-key",
            IMG_BASE_URL: "https://img.test",
          },
          // No test reaches the network: a request nothing in the test intercepted fails loudly.
          outboundService: (request: Request) => {
            throw new Error(`unexpected outbound request in a test: ${request.method} ${request.url}`);
          },
        },
      }),
    ],
    test: { name: worker, include, setupFiles: ["test/setup/apply-migrations.ts"] },
  };
}

export default defineConfig({
  test: {
    projects: [
      workerProject("img", ["test/img/**/*.test.ts"]),
      workerProject("api", ["test/api/**/*.test.ts", "test/core/**/*.test.ts"]),
      workerProject("beta", ["test/beta/**/*.test.ts"]),
    ],
  },
});
