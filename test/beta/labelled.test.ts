// Our own stages on labelled real-world descriptors, with no provider at all: big brands must be found; local shops,
// people, cheques and bank noise must never become a merchant. The sets the engine was tuned on (the first, issue 14's
// own, and the held-out sets whose misses have since guided fixes), and the newest held-out set, written apart from
// the engine and never used to guide a fix, when there is one. The per-kind accuracy is printed (docs/beta-accuracy.md quotes it) and held
// above a floor, so a regression in the descriptor engine fails here.
import { beforeAll, describe, expect, it } from "vitest";
import { identify } from "@brand/core/beta/identify";
import { transactionRequestSchema } from "@brand/core/beta/request";
import type { IdentityRow } from "@brand/core/beta/row";
import { ownStageDeps } from "../helpers/beta.ts";
import { seedCorpus } from "../helpers/corpus.ts";
import holdout from "./fixtures/holdout-descriptors.json";
import labelled from "./fixtures/labelled-descriptors.json";
import holdout2 from "./fixtures/holdout-2-descriptors.json";
import holdout3 from "./fixtures/holdout-3-descriptors.json";
import holdout4 from "./fixtures/holdout-4-descriptors.json";
import holdout5 from "./fixtures/holdout-5-descriptors.json";
import holdout6 from "./fixtures/holdout-6-descriptors.json";
import holdout7 from "./fixtures/holdout-7-descriptors.json";
import holdout8 from "./fixtures/holdout-8-descriptors.json";
import holdout9 from "./fixtures/holdout-9-descriptors.json";
import holdout10 from "./fixtures/holdout-10-descriptors.json";
import holdout11 from "./fixtures/holdout-11-descriptors.json";
import holdout12 from "./fixtures/holdout-12-descriptors.json";
import holdout13 from "./fixtures/holdout-13-descriptors.json";
import holdout14 from "./fixtures/holdout-14-descriptors.json";
import holdout15 from "./fixtures/holdout-15-descriptors.json";
import holdout16 from "./fixtures/holdout-16-descriptors.json";
import holdout17 from "./fixtures/holdout-17-descriptors.json";
import holdout18 from "./fixtures/holdout-18-descriptors.json";
import holdout19 from "./fixtures/holdout-19-descriptors.json";
import holdout20 from "./fixtures/holdout-20-descriptors.json";
import holdout22 from "./fixtures/holdout-22-descriptors.json";
import holdout24 from "./fixtures/holdout-24-descriptors.json";
import holdout25 from "./fixtures/holdout-25-descriptors.json";
import holdout26 from "./fixtures/holdout-26-descriptors.json";
import holdout27 from "./fixtures/holdout-27-descriptors.json";
import holdout28 from "./fixtures/holdout-28-descriptors.json";
import holdout29 from "./fixtures/holdout-29-descriptors.json";
import holdout30 from "./fixtures/holdout-30-descriptors.json";
import holdout31 from "./fixtures/holdout-31-descriptors.json";
import holdout32 from "./fixtures/holdout-32-descriptors.json";
import holdout33 from "./fixtures/holdout-33-descriptors.json";
import holdout34 from "./fixtures/holdout-34-descriptors.json";
import holdout35 from "./fixtures/holdout-35-descriptors.json";
import holdout36 from "./fixtures/holdout-36-descriptors.json";
import holdout37 from "./fixtures/holdout-37-descriptors.json";
import holdout38 from "./fixtures/holdout-38-descriptors.json";
import holdout39 from "./fixtures/holdout-39-descriptors.json";
import holdout40 from "./fixtures/holdout-40-descriptors.json";
import holdout41 from "./fixtures/holdout-41-descriptors.json";
import holdout42 from "./fixtures/holdout-42-descriptors.json";
import holdout43 from "./fixtures/holdout-43-descriptors.json";
import holdout44 from "./fixtures/holdout-44-descriptors.json";
import holdout45 from "./fixtures/holdout-45-descriptors.json";
import tuning3 from "./fixtures/tuning-3-descriptors.json";
import tuning21 from "./fixtures/tuning-21-descriptors.json";
import tuning23 from "./fixtures/tuning-23-descriptors.json";

type Entry = {
  id: string;
  kind: "big_brand" | "local_shop" | "platform" | "person" | "noise";
  descriptor: string;
  context: boolean;
  account_holder_name?: string;
  expect: { status: "matched" | "cleaned"; domain: string | null; intermediary?: string | null; entity_type?: "person" };
};

/** The share of each kind the engine must get right: merchants must never be invented (local, person, noise). */
const FLOOR = { big_brand: 0.9, platform: 0.9, local_shop: 1, person: 1, noise: 1 };
type Kind = keyof typeof FLOOR;

const tuningSets = [labelled, holdout, tuning3, holdout2, holdout3, holdout4, holdout5, holdout6, holdout7, holdout8, holdout9, holdout10] as Entry[][];
/** Descriptors of the sets before 11: sets 11 and 12 are scored without them, as on their first runs. */
const seen = new Set(tuningSets.flat().map((e) => e.descriptor));
/** Descriptors of the sets before 13: set 13 is scored without them, as on its first run. */
const seenBy12 = new Set([...seen, ...[holdout11, holdout12].flat().map((e) => (e as Entry).descriptor)]);
/** Descriptors of the sets before 14: set 14 is scored without them, as on its first run. */
const seenBy13 = new Set([...seenBy12, ...(holdout13 as Entry[]).map((e) => e.descriptor)]);
/** Every descriptor a fix may have been guided by: set 15 is scored without them. */
const seenBy14 = new Set([...seenBy13, ...(holdout14 as Entry[]).map((e) => e.descriptor)]);
/** Descriptors of every earlier set, set 15's included (unseen, but scored already): set 16 is scored without them. */
const seenBy15 = new Set([...seenBy14, ...(holdout15 as Entry[]).map((e) => e.descriptor)]);
/** And set 17 without set 16's. */
const seenBy16 = new Set([...seenBy15, ...(holdout16 as Entry[]).map((e) => e.descriptor)]);
/** And set 18 without set 17's. */
const seenBy17 = new Set([...seenBy16, ...(holdout17 as Entry[]).map((e) => e.descriptor)]);
/** And set 19 without set 18's. */
const seenBy18 = new Set([...seenBy17, ...(holdout18 as Entry[]).map((e) => e.descriptor)]);
/** And set 20 without set 19's. */
const seenBy19 = new Set([...seenBy18, ...(holdout19 as Entry[]).map((e) => e.descriptor)]);
/** And set 21 (a tuning set from the start) without set 20's. */
const seenBy20 = new Set([...seenBy19, ...(holdout20 as Entry[]).map((e) => e.descriptor)]);
/** And set 23 (a tuning set from the start) without set 21's. */
const seenBy21 = new Set([...seenBy20, ...(tuning21 as Entry[]).map((e) => e.descriptor)]);
/** And set 22 without set 23's (written at the same time, never seen by its author). */
const seenBy23 = new Set([...seenBy21, ...(tuning23 as Entry[]).map((e) => e.descriptor)]);
/** And set 24 without set 22's. */
const seenBy22 = new Set([...seenBy23, ...(holdout22 as Entry[]).map((e) => e.descriptor)]);
/** And set 25 without set 24's. */
const seenBy24 = new Set([...seenBy22, ...(holdout24 as Entry[]).map((e) => e.descriptor)]);
/**
 * Held-out sets 2 to 14 (fixtures/holdout-*.md) were each scored once with their misses unseen (docs/beta-accuracy.md
 * has each first score); their misses then guided fixes, so they are tuning sets now, held to these floors.
 */
const HOLDOUT_2_FLOOR: Record<Kind, number> = { big_brand: 0.93, platform: 0.95, local_shop: 1, person: 0.9, noise: 1 };
const HOLDOUT_3_FLOOR: Record<Kind, number> = { big_brand: 0.94, platform: 0.96, local_shop: 1, person: 0.96, noise: 1 };
const HOLDOUT_4_FLOOR: Record<Kind, number> = { big_brand: 0.92, platform: 0.94, local_shop: 1, person: 0.96, noise: 1 };
const HOLDOUT_5_FLOOR: Record<Kind, number> = { big_brand: 0.9, platform: 0.92, local_shop: 1, person: 0.96, noise: 1 };
const HOLDOUT_6_FLOOR: Record<Kind, number> = { big_brand: 0.93, platform: 0.98, local_shop: 1, person: 0.93, noise: 1 };
const HOLDOUT_7_FLOOR: Record<Kind, number> = { big_brand: 0.89, platform: 0.93, local_shop: 1, person: 0.93, noise: 1 };
const HOLDOUT_8_FLOOR: Record<Kind, number> = { big_brand: 0.85, platform: 0.95, local_shop: 1, person: 0.9, noise: 1 };
const HOLDOUT_9_FLOOR: Record<Kind, number> = { big_brand: 0.93, platform: 0.95, local_shop: 1, person: 0.93, noise: 1 };
const HOLDOUT_10_FLOOR: Record<Kind, number> = { big_brand: 0.96, platform: 0.92, local_shop: 1, person: 0.96, noise: 1 };
const HOLDOUT_11_FLOOR: Record<Kind, number> = { big_brand: 148 / 170, platform: 49 / 57, local_shop: 1, person: 24 / 26, noise: 1 };
const HOLDOUT_12_FLOOR: Record<Kind, number> = { big_brand: 152 / 167, platform: 48 / 53, local_shop: 1, person: 23 / 28, noise: 1 };
const HOLDOUT_13_FLOOR: Record<Kind, number> = { big_brand: 141 / 152, platform: 48 / 49, local_shop: 43 / 44, person: 24 / 25, noise: 1 };
const HOLDOUT_14_FLOOR: Record<Kind, number> = { big_brand: 146 / 157, platform: 45 / 53, local_shop: 1, person: 23 / 26, noise: 1 };
/**
 * Held-out sets 15, 17 to 20 and 24 never had their misses printed, and their floors are their first runs' figures.
 * Their counts were seen moving while rules were weighed (15 and 20 in the sixth session, the others in the seventh,
 * when two of 19's lines were seen too): no longer clean measures, kept as guards.
 */
const HOLDOUT_17_FLOOR: Record<Kind, number> = { big_brand: 137 / 152, platform: 52 / 55, local_shop: 44 / 45, person: 24 / 28, noise: 1 };
const HOLDOUT_15_FLOOR: Record<Kind, number> = { big_brand: 132 / 152, platform: 46 / 51, local_shop: 1, person: 21 / 24, noise: 1 };
const HOLDOUT_16_FLOOR: Record<Kind, number> = { big_brand: 146 / 153, platform: 48 / 51, local_shop: 1, person: 20 / 24, noise: 1 };
const HOLDOUT_18_FLOOR: Record<Kind, number> = { big_brand: 155 / 164, platform: 58 / 60, local_shop: 1, person: 20 / 25, noise: 1 };
const HOLDOUT_19_FLOOR: Record<Kind, number> = { big_brand: 158 / 165, platform: 49 / 55, local_shop: 1, person: 18 / 24, noise: 1 };
/**
 * Tuning sets 21 and 23 (fixtures/tuning-21.md, tuning-23.md) were written for the guarantee and tuned on from their
 * first runs: held where they now stand. Set 23's two local shops still given a merchant are `CHIPOTLE PEPPER HOT S`
 * (a possessive printed apart) and `CANADIAN TIRE RECYC` (read as the chain's recycling counter).
 */
const TUNING_21_FLOOR: Record<Kind, number> = { big_brand: 13 / 14, platform: 144 / 147, local_shop: 1, person: 48 / 53, noise: 1 };
const TUNING_23_FLOOR: Record<Kind, number> = { big_brand: 15 / 16, platform: 48 / 49, local_shop: 119 / 121, person: 59 / 70, noise: 1 };
const HOLDOUT_20_FLOOR: Record<Kind, number> = { big_brand: 150 / 157, platform: 51 / 54, local_shop: 1, person: 22 / 23, noise: 16 / 17 };
/** Held-out 22's first run was 137/148 big brands and 46/49 platforms; its misses then guided fixes. */
const HOLDOUT_22_FLOOR: Record<Kind, number> = { big_brand: 145 / 148, platform: 47 / 49, local_shop: 1, person: 25 / 27, noise: 1 };
/** Held-out 24: its floor is its first run's figures (engine b16ba74). */
const HOLDOUT_24_FLOOR: Record<Kind, number> = { big_brand: 139 / 151, platform: 48 / 51, local_shop: 44 / 45, person: 23 / 24, noise: 1 };
/** Held-out 25's first run (engine 500639a) was 130/150 big brands and 45/55 platforms; its misses then guided fixes. */
const HOLDOUT_25_FLOOR: Record<Kind, number> = { big_brand: 130 / 150, platform: 45 / 55, local_shop: 46 / 47, person: 17 / 19, noise: 1 };
/** Held-out 26's first run (engine ea1c36a) was 141/150 big brands and 48/51 platforms; its misses then guided fixes. */
const HOLDOUT_26_FLOOR: Record<Kind, number> = { big_brand: 141 / 150, platform: 48 / 51, local_shop: 43 / 46, person: 22 / 26, noise: 1 };
/** Held-out 27's first run (engine 84ad0fc) was 145/158 big brands and 50/53 platforms; its misses then guided fixes. */
const HOLDOUT_27_FLOOR: Record<Kind, number> = { big_brand: 145 / 158, platform: 50 / 53, local_shop: 45 / 47, person: 21 / 25, noise: 1 };
/** Held-out 28's first run (engine 83487a7) was 136/150 big brands and 51/51 platforms; its misses then guided fixes. */
const HOLDOUT_28_FLOOR: Record<Kind, number> = { big_brand: 136 / 150, platform: 51 / 51, local_shop: 41 / 44, person: 24 / 26, noise: 1 };
/** Held-out 29's first run (engine e003d79) was 151/161 big brands and 50/55 platforms; its misses then guided fixes. */
const HOLDOUT_29_FLOOR: Record<Kind, number> = { big_brand: 151 / 161, platform: 50 / 55, local_shop: 1, person: 25 / 26, noise: 16 / 19 };
/** Held-out 30's first run (engine 54b4ee9) was 156/167 big brands and 54/57 platforms; its misses then guided fixes. */
const HOLDOUT_30_FLOOR: Record<Kind, number> = { big_brand: 156 / 167, platform: 54 / 57, local_shop: 1, person: 24 / 26, noise: 18 / 21 };
/** Held-out 31's first run (engine b50bfee) was 147/159 big brands and 49/50 platforms; its misses then guided fixes. */
const HOLDOUT_31_FLOOR: Record<Kind, number> = { big_brand: 147 / 159, platform: 49 / 50, local_shop: 1, person: 24 / 25, noise: 22 / 24 };
/** Held-out 32's first run (engine 51258f5) was 152/163 big brands and 49/51 platforms; its misses then guided fixes. */
const HOLDOUT_32_FLOOR: Record<Kind, number> = { big_brand: 152 / 163, platform: 49 / 51, local_shop: 44 / 46, person: 23 / 25, noise: 1 };
/** Held-out 33's first run (engine c1c4123) was 149/163 big brands and 53/57 platforms; its misses then guided fixes. */
const HOLDOUT_33_FLOOR: Record<Kind, number> = { big_brand: 149 / 163, platform: 53 / 57, local_shop: 42 / 46, person: 1, noise: 1 };
/** Held-out 34's first run (engine e572944) was 153/162 big brands and 51/51 platforms; its misses then guided fixes. */
const HOLDOUT_34_FLOOR: Record<Kind, number> = { big_brand: 153 / 162, platform: 1, local_shop: 43 / 46, person: 26 / 28, noise: 1 };
/** Held-out 35's first run (engine fcac2d8) was 155/161 big brands and 48/50 platforms; its misses then guided fixes. */
const HOLDOUT_35_FLOOR: Record<Kind, number> = { big_brand: 155 / 161, platform: 48 / 50, local_shop: 46 / 47, person: 24 / 28, noise: 18 / 20 };
/** Held-out 36's first run (engine 4122b9d) was 157/164 big brands and 50/54 platforms; its misses then guided fixes. */
const HOLDOUT_36_FLOOR: Record<Kind, number> = { big_brand: 157 / 164, platform: 50 / 54, local_shop: 47 / 48, person: 1, noise: 19 / 20 };
/** Held-out 37's first run (engine 40384cb) was 145/157 big brands and 43/47 platforms; its misses then guided fixes. */
const HOLDOUT_37_FLOOR: Record<Kind, number> = { big_brand: 145 / 157, platform: 43 / 47, local_shop: 1, person: 28 / 30, noise: 1 };
/** Held-out 38's first run (engine 8fbf04b) was 144/151 big brands and 43/44 platforms; its misses then guided fixes. */
const HOLDOUT_38_FLOOR: Record<Kind, number> = { big_brand: 144 / 151, platform: 43 / 44, local_shop: 47 / 48, person: 27 / 28, noise: 18 / 19 };
/** Held-out 39's first run (engine 261828a) was 144/167 big brands and 51/53 platforms; its misses then guided fixes. */
const HOLDOUT_39_FLOOR: Record<Kind, number> = { big_brand: 144 / 167, platform: 51 / 53, local_shop: 1, person: 29 / 31, noise: 19 / 20 };
/** Held-out 40's first run (engine 90c75d2) was 152/160 big brands and 40/44 platforms; its misses then guided fixes. */
const HOLDOUT_40_FLOOR: Record<Kind, number> = { big_brand: 152 / 160, platform: 40 / 44, local_shop: 1, person: 27 / 30, noise: 18 / 19 };
/** Held-out 42's first run (engine 5d7279a) was 152/167 big brands and 49/55 platforms; its misses then guided fixes. */
const HOLDOUT_42_FLOOR: Record<Kind, number> = { big_brand: 152 / 167, platform: 49 / 55, local_shop: 1, person: 29 / 30, noise: 1 };
/** Held-out 41's first run (engine c24b22d), after 42's, was 146/155 big brands and 34/35 platforms; its misses then guided fixes. */
const HOLDOUT_41_FLOOR: Record<Kind, number> = { big_brand: 146 / 155, platform: 34 / 35, local_shop: 1, person: 26 / 27, noise: 1 };
/** Held-out 43's first run (engine 0450549) was 143/153 big brands and 42/45 platforms; its misses then guided fixes. */
const HOLDOUT_43_FLOOR: Record<Kind, number> = { big_brand: 143 / 153, platform: 42 / 45, local_shop: 1, person: 25 / 27, noise: 1 };
/** Held-out 44's first run (engine 6fcdc6c) was 159/166 big brands and 44/47 platforms; its misses then guided fixes. */
const HOLDOUT_44_FLOOR: Record<Kind, number> = { big_brand: 159 / 166, platform: 44 / 47, local_shop: 47 / 48, person: 1, noise: 19 / 20 };
/** Held-out 45's first run (engine 62c5f9d) was 148/154 big brands and 42/46 platforms, no merchant given to a line that names none. */
const HOLDOUT_45_FLOOR: Record<Kind, number> = { big_brand: 148 / 154, platform: 42 / 46, local_shop: 1, person: 26 / 29, noise: 1 };

/**
 * The held-out sets from 25 on, in the order they were written and run: each is scored without the lines of every set
 * before it, as on its first run. A new set is one line here, marked "not yet run" (zero floors, its misses hidden)
 * until its first run is recorded; then it takes that run as its floors and is a tuning set.
 */
const IN_TURN: [number, unknown[], Record<Kind, number>, "not yet run"?][] = [
  [25, holdout25, HOLDOUT_25_FLOOR],
  [26, holdout26, HOLDOUT_26_FLOOR],
  [27, holdout27, HOLDOUT_27_FLOOR],
  [28, holdout28, HOLDOUT_28_FLOOR],
  [29, holdout29, HOLDOUT_29_FLOOR],
  [30, holdout30, HOLDOUT_30_FLOOR],
  [31, holdout31, HOLDOUT_31_FLOOR],
  [32, holdout32, HOLDOUT_32_FLOOR],
  [33, holdout33, HOLDOUT_33_FLOOR],
  [34, holdout34, HOLDOUT_34_FLOOR],
  [35, holdout35, HOLDOUT_35_FLOOR],
  [36, holdout36, HOLDOUT_36_FLOOR],
  [37, holdout37, HOLDOUT_37_FLOOR],
  [38, holdout38, HOLDOUT_38_FLOOR],
  [39, holdout39, HOLDOUT_39_FLOOR],
  [40, holdout40, HOLDOUT_40_FLOOR],
  [42, holdout42, HOLDOUT_42_FLOOR],
  [41, holdout41, HOLDOUT_41_FLOOR],
  [43, holdout43, HOLDOUT_43_FLOOR],
  [44, holdout44, HOLDOUT_44_FLOOR],
  [45, holdout45, HOLDOUT_45_FLOOR],
];
let seenSoFar = seenBy24;
const inTurn = IN_TURN.map(([n, written, floor, notYetRun]) => {
  const before = seenSoFar;
  seenSoFar = new Set([...before, ...(written as Entry[]).map((e) => e.descriptor)]);
  const entries = (written as Entry[]).filter((e) => !before.has(e.descriptor));
  return { set: notYetRun ? `held-out ${n}` : `held-out ${n} (now tuning)`, entries, floor, showMisses: !notYetRun, before };
});

type LabelledSet = { entries: Entry[]; floor: Record<Kind, number>; showMisses: boolean; perKind?: number };
const SETS: Record<string, LabelledSet> = {
  tuning: { entries: labelled as Entry[], floor: FLOOR, showMisses: true },
  "held-out 1 (now tuning)": { entries: holdout as Entry[], floor: FLOOR, showMisses: true },
  // Written for issue 14's classes (truncations, abbreviations, product lines, suffixes, platforms) and the local
  // shops that look like them; its few people and noise lines only guard against regressions.
  "tuning 3 (issue 14's classes)": { entries: tuning3 as Entry[], floor: FLOOR, showMisses: true, perKind: 1 },
  "held-out 2 (now tuning)": { entries: holdout2 as Entry[], floor: HOLDOUT_2_FLOOR, showMisses: true },
  "held-out 3 (now tuning)": { entries: holdout3 as Entry[], floor: HOLDOUT_3_FLOOR, showMisses: true },
  "held-out 4 (now tuning)": { entries: holdout4 as Entry[], floor: HOLDOUT_4_FLOOR, showMisses: true },
  "held-out 5 (now tuning)": { entries: holdout5 as Entry[], floor: HOLDOUT_5_FLOOR, showMisses: true },
  "held-out 6 (now tuning)": { entries: holdout6 as Entry[], floor: HOLDOUT_6_FLOOR, showMisses: true },
  "held-out 7 (now tuning)": { entries: holdout7 as Entry[], floor: HOLDOUT_7_FLOOR, showMisses: true },
  "held-out 8 (now tuning)": { entries: holdout8 as Entry[], floor: HOLDOUT_8_FLOOR, showMisses: true },
  "held-out 9 (now tuning)": { entries: holdout9 as Entry[], floor: HOLDOUT_9_FLOOR, showMisses: true },
  "held-out 10 (now tuning)": { entries: holdout10 as Entry[], floor: HOLDOUT_10_FLOOR, showMisses: true },
  "held-out 11 (now tuning)": { entries: (holdout11 as Entry[]).filter((e) => !seen.has(e.descriptor)), floor: HOLDOUT_11_FLOOR, showMisses: true },
  "held-out 12 (now tuning)": { entries: (holdout12 as Entry[]).filter((e) => !seen.has(e.descriptor)), floor: HOLDOUT_12_FLOOR, showMisses: true },
  "held-out 13 (now tuning)": { entries: (holdout13 as Entry[]).filter((e) => !seenBy12.has(e.descriptor)), floor: HOLDOUT_13_FLOOR, showMisses: true },
  "held-out 14 (now tuning)": { entries: (holdout14 as Entry[]).filter((e) => !seenBy13.has(e.descriptor)), floor: HOLDOUT_14_FLOOR, showMisses: true },
  "held-out 15 (now tuning)": { entries: (holdout15 as Entry[]).filter((e) => !seenBy14.has(e.descriptor)), floor: HOLDOUT_15_FLOOR, showMisses: true },
  "held-out 16 (now tuning)": { entries: (holdout16 as Entry[]).filter((e) => !seenBy15.has(e.descriptor)), floor: HOLDOUT_16_FLOOR, showMisses: true },
  "held-out 17 (now tuning)": { entries: (holdout17 as Entry[]).filter((e) => !seenBy16.has(e.descriptor)), floor: HOLDOUT_17_FLOOR, showMisses: true },
  "held-out 18 (now tuning)": { entries: (holdout18 as Entry[]).filter((e) => !seenBy17.has(e.descriptor)), floor: HOLDOUT_18_FLOOR, showMisses: true },
  "held-out 19 (now tuning)": { entries: (holdout19 as Entry[]).filter((e) => !seenBy18.has(e.descriptor)), floor: HOLDOUT_19_FLOOR, showMisses: true },
  "held-out 20 (now tuning)": { entries: (holdout20 as Entry[]).filter((e) => !seenBy19.has(e.descriptor)), floor: HOLDOUT_20_FLOOR, showMisses: true },
  "tuning 21 (the guarantee's class)": { entries: (tuning21 as Entry[]).filter((e) => !seenBy20.has(e.descriptor)), floor: TUNING_21_FLOOR, showMisses: true },
  "tuning 23 (the guarantee's class)": { entries: (tuning23 as Entry[]).filter((e) => !seenBy21.has(e.descriptor)), floor: TUNING_23_FLOOR, showMisses: true },
  "held-out 22 (now tuning)": { entries: (holdout22 as Entry[]).filter((e) => !seenBy23.has(e.descriptor)), floor: HOLDOUT_22_FLOOR, showMisses: true },
  "held-out 24 (now tuning)": { entries: (holdout24 as Entry[]).filter((e) => !seenBy22.has(e.descriptor)), floor: HOLDOUT_24_FLOOR, showMisses: true },
  ...Object.fromEntries(inTurn.map(({ set, entries, floor, showMisses }) => [set, { entries, floor, showMisses }])),
};

function request(entry: Entry) {
  return transactionRequestSchema().parse({
    transaction: entry.descriptor,
    ...(entry.context && {
      transaction_context: {
        date: "2026-06-15",
        amount: 23.5,
        currency: "USD",
        entry_type: "outgoing",
        ...(entry.account_holder_name && { account_holder: { type: "consumer", name: entry.account_holder_name } }),
      },
    }),
  });
}

/** What the row got wrong against the label; empty when right. */
function mistakes(entry: Entry, row: IdentityRow): string[] {
  const wrong: string[] = [];
  if (row.status !== entry.expect.status) wrong.push(`status ${row.status}`);
  if (row.domain !== entry.expect.domain) wrong.push(`domain ${row.domain}`);
  if ("intermediary" in entry.expect && (row.intermediary?.domain ?? null) !== entry.expect.intermediary) {
    wrong.push(`intermediary ${row.intermediary?.domain ?? null}`);
  }
  if (entry.expect.entity_type && row.entity_type !== entry.expect.entity_type) wrong.push(`entity_type ${row.entity_type}`);
  return wrong;
}

// The corpus is written once for the file (storage is per file) and its index built once: identify reads, never writes.
let deps: Awaited<ReturnType<typeof ownStageDeps>>;
beforeAll(async () => {
  await seedCorpus();
  deps = await ownStageDeps();
});

for (const [set, { entries, floor: floors, showMisses, perKind = 8 }] of Object.entries(SETS)) {
  describe(`${set} descriptors, no provider`, () => {
    const results: { entry: Entry; row: IdentityRow; wrong: string[] }[] = [];

    beforeAll(async () => {
      for (const entry of entries) {
        const row = await identify(deps, request(entry), { transactionId: entry.id, accountId: "acc_labelled" });
        results.push({ entry, row, wrong: mistakes(entry, row) });
      }
    }, 120_000);

    it("has enough descriptors of every kind", () => {
      expect(entries.length).toBeGreaterThanOrEqual(60);
      expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length);
      for (const kind of Object.keys(FLOOR)) expect(entries.filter((e) => e.kind === kind).length).toBeGreaterThanOrEqual(perKind);
    });

    it("meets each kind's accuracy floor", () => {
      const report = Object.entries(floors).map(([kind, floor]) => {
        const ofKind = results.filter((r) => r.entry.kind === kind);
        const right = ofKind.filter((r) => r.wrong.length === 0).length;
        // A merchant other than the label's: worse than a miss, which leaves the descriptor cleaned; worst where the
        // label has none (an invented merchant).
        const wrong = ofKind.filter((r) => r.row.domain !== null && r.row.domain !== r.entry.expect.domain);
        const invented = wrong.filter((r) => r.entry.expect.domain === null).length;
        return { kind, right, total: ofKind.length, accuracy: right / ofKind.length, floor, wrongMerchant: wrong.length, invented };
      });
      const lines = report.map(
        (r) =>
          `  ${r.kind.padEnd(10)} ${r.right}/${r.total} = ${(r.accuracy * 100).toFixed(1)}%, ${r.wrongMerchant} with a wrong merchant (${r.invented} where the label has none)`,
      );
      const misses = showMisses ? results.filter((r) => r.wrong.length) : [];
      const missLines = misses.map((m) => `  ✗ ${m.entry.kind} ${m.entry.descriptor} → ${m.wrong.join(", ")} (${m.row.name})`);
      console.log([`${set} set, accuracy by kind (no provider):`, ...lines, ...missLines].join("\n"));
      for (const r of report) expect(r.accuracy, `${r.kind}: ${r.right}/${r.total}`).toBeGreaterThanOrEqual(r.floor);
    });
  });
}

it("keeps the tuning sets apart, and held-out sets 15 to 35 large and scored on lines no earlier set holds", () => {
  const tuning = new Set((labelled as Entry[]).map((e) => e.descriptor));
  expect((holdout as Entry[]).filter((e) => tuning.has(e.descriptor))).toEqual([]);
  // Each set as written (330 to 345 lines), less the lines already in earlier sets (fees, cash machines, famous
  // brands' plain lines), scored against every descriptor before it.
  const scoredAfter: [string, Set<string>][] = [
    ["held-out 15 (now tuning)", seenBy14],
    ["held-out 16 (now tuning)", seenBy15],
    ["held-out 17 (now tuning)", seenBy16],
    ["held-out 18 (now tuning)", seenBy17],
    ["held-out 19 (now tuning)", seenBy18],
    ["held-out 20 (now tuning)", seenBy19],
    ["held-out 22 (now tuning)", seenBy23],
    ["held-out 24 (now tuning)", seenBy22],
    ...inTurn.map(({ set, before }) => [set, before] as [string, Set<string>]),
  ];
  for (const [set, seenBefore] of scoredAfter) {
    const scored = SETS[set].entries;
    expect(scored.length, set).toBeGreaterThanOrEqual(280);
    expect(scored.filter((e) => seenBefore.has(e.descriptor)), set).toEqual([]);
  }
});
