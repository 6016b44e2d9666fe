// The local gateway (never deployed; scripts/lib/local-services.mjs writes its config): the request's original URL
// arrives in `x-dev-url`, the host it was meant for in `x-dev-target`. `/__scheduled` on the JSON host runs its cron,
// as `wrangler dev --test-scheduled` would.
/** Local service bindings can also run a Worker's scheduled handler (workerd's Fetcher; the types leave it out). */
type Service = Fetcher & { scheduled(options: { cron: string }): Promise<unknown> };
type Env = { IMG: Service; API: Service; BETA: Service };
const TARGETS = { img: "IMG", api: "API", beta: "BETA" } as const;

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const target = TARGETS[request.headers.get("x-dev-target") as keyof typeof TARGETS];
    const url = request.headers.get("x-dev-url");
    if (!target || !url) return new Response("unknown dev target\n", { status: 400 });
    const worker = env[target];
    const { pathname, searchParams } = new URL(url);
    if (target === "API" && pathname === "/__scheduled") {
      const cron = searchParams.get("cron") ?? "17 * * * *";
      await worker.scheduled({ cron });
      return new Response(`Ran the JSON host's scheduled handler (cron "${cron}").\n`);
    }
    const headers = new Headers(request.headers);
    headers.delete("x-dev-target");
    headers.delete("x-dev-url");
    return worker.fetch(new Request(url, { method: request.method, headers, body: request.body, redirect: "manual" }));
  },
} satisfies ExportedHandler<Env>;
