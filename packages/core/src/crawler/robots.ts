// robots.txt (RFC 9309): the group for our user agent, else `*`; the longest matching rule wins, Allow on a tie.

type Rule = { allow: boolean; pattern: string };

export function robotsAllows(robotsTxt: string, userAgent: string, path: string): boolean {
  const rules = rulesFor(robotsTxt, userAgent.split("/")[0].toLowerCase());
  let best: Rule | null = null;
  for (const rule of rules) {
    if (!rule.pattern || !matches(rule.pattern, path)) continue;
    if (!best || rule.pattern.length > best.pattern.length || (rule.pattern.length === best.pattern.length && rule.allow)) {
      best = rule;
    }
  }
  return best?.allow ?? true;
}

function rulesFor(text: string, agent: string): Rule[] {
  const groups: { agents: string[]; rules: Rule[] }[] = [];
  let current: { agents: string[]; rules: Rule[] } | null = null;
  for (const rawLine of text.slice(0, 500_000).split(/\r?\n/)) {
    const line = rawLine.replace(/#.*/, "").trim();
    const colon = line.indexOf(":");
    if (colon < 0) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === "user-agent") {
      if (!current || current.rules.length) groups.push((current = { agents: [], rules: [] }));
      current.agents.push(value.toLowerCase());
    } else if ((key === "allow" || key === "disallow") && current) {
      current.rules.push({ allow: key === "allow", pattern: value });
    }
  }
  const mine = groups.filter((g) => g.agents.some((a) => a !== "*" && agent.startsWith(a)));
  const chosen = mine.length ? mine : groups.filter((g) => g.agents.includes("*"));
  return chosen.flatMap((g) => g.rules);
}

/** `*` matches any run of characters and a trailing `$` anchors the end. */
function matches(pattern: string, path: string): boolean {
  const anchored = pattern.endsWith("$");
  const body = (anchored ? pattern.slice(0, -1) : pattern).split("*").map((p) => p.replace(/[.+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`^${body.join(".*")}${anchored ? "$" : ""}`).test(path);
}
