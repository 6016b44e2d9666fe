// CPU time of a process group (a `wrangler dev` and the workerd processes it started, see procs.mjs: one runs the
// Worker, one wrangler's proxy in front of it), summed by process name, read from /proc: where a load phase's time goes when every process shares the machine's cores. Linux only;
// elsewhere it returns null and the report leaves the columns empty.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

let ticksPerSecond = null;
function clockTicks() {
  if (ticksPerSecond === null) {
    try {
      ticksPerSecond = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** CPU ms (user + system) so far of every live process in group `pgid`, summed by process name. */
export function groupCpuMs(pgid) {
  let pids;
  try {
    pids = readdirSync("/proc").filter((d) => /^\d+$/.test(d));
  } catch {
    return null;
  }
  const byName = {};
  for (const pid of pids) {
    let stat;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    } catch {
      continue; // gone
    }
    const close = stat.lastIndexOf(")");
    const name = stat.slice(stat.indexOf("(") + 1, close);
    const fields = stat.slice(close + 2).split(" "); // from field 3 (state) on
    if (Number(fields[2]) !== pgid) continue; // field 5: process group
    const ticks = Number(fields[11]) + Number(fields[12]); // fields 14 and 15: utime, stime
    byName[name] = (byName[name] ?? 0) + (ticks * 1000) / clockTicks();
  }
  return byName;
}

/** This process's CPU ms (user + system) so far: the load client, and the fake provider when it runs here. */
export const selfCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/**
 * Starts measuring; `end(requests)` returns CPU ms per request by process ("bench" for this process), or null.
 * @param {Record<string, number>} groups  label → pgid
 */
export function cpuMeter(groups) {
  const before = Object.fromEntries(Object.entries(groups).map(([label, pgid]) => [label, groupCpuMs(pgid)]));
  const selfBefore = selfCpuMs();
  return {
    end(requests) {
      if (!requests || Object.values(before).some((b) => b === null)) return null;
      const out = {};
      for (const [label, pgid] of Object.entries(groups)) {
        const after = groupCpuMs(pgid) ?? {};
        for (const [name, ms] of Object.entries(after)) {
          const delta = ms - (before[label][name] ?? 0);
          if (delta > 0) out[`${label}:${name}`] = round(delta / requests);
        }
      }
      out.bench = round((selfCpuMs() - selfBefore) / requests);
      return out;
    },
  };
}

const round = (x) => Math.round(x * 100) / 100;
