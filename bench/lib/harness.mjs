// What every bench's entry point shares: run `main`, stop every `wrangler dev` it started (on success, on error and
// when the run outlives its cap), and exit non-zero only when the harness itself fails.
import { stopAll } from "./procs.mjs";

/** Runs `main` under a total time cap; `log` prefixes the bench's own lines. */
export async function runBench(main, { totalCapMs, log }) {
  const watchdog = setTimeout(async () => {
    log(`the run exceeded its ${totalCapMs / 1000} s cap; stopping.`);
    await stopAll(1500);
    process.exit(2);
  }, totalCapMs);
  watchdog.unref();
  try {
    await main();
    await stopAll();
    clearTimeout(watchdog);
  } catch (err) {
    log("harness failure:", err?.stack ?? err);
    await stopAll();
    process.exit(1);
  }
}
