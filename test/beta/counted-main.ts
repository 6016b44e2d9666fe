// The beta Worker as its tests run it (vitest.config.ts `main`): the real module, with its Durable Object counted by
// the bench's trip counter, so the trip tests see the trips the object makes for a lookup (test/helpers/trips.ts).
// Counting only observes: every call reaches the real class and bindings unchanged.
import { countObject } from "../../bench/trip-counter/count.ts";
import { BetaAccount as RealBetaAccount } from "../../workers/beta/src/index.ts";

export { default } from "../../workers/beta/src/index.ts";
export const BetaAccount = countObject(RealBetaAccount);
