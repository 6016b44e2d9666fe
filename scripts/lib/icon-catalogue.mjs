// What each icon package holds, read from node_modules: the names a seed row may cite, and the size of each
// @iconify-json/logos drawing (its aspect ratio tells a wordmark from an icon). Small enough to hand to the tests as a
// binding (vitest.config.ts), so they validate the real corpus without bundling the 8 MB icon set.
import { readdirSync, readFileSync } from "node:fs";
import { packageFile } from "./package-file.mjs";

const readJson = (path) => JSON.parse(readFileSync(path, "utf8"));

/** @returns {import("../../packages/core/src/seed/validate.ts").IconCatalogue} */
export function iconCatalogue() {
  const logos = readJson(packageFile("@iconify-json/logos", "icons.json"));
  return {
    simpleIcons: readJson(packageFile("simple-icons", "data/simple-icons.json")).map((i) => i.slug),
    cryptoIcons: readJson(packageFile("cryptocurrency-icons", "manifest.json")).map((i) => i.symbol.toLowerCase()),
    // Aliases (a few flipped or renamed drawings) are left out: a seed row names the drawing itself.
    iconifyLogos: Object.fromEntries(
      Object.entries(logos.icons).map(([name, icon]) => [name, [icon.width ?? logos.width, icon.height ?? logos.height]]),
    ),
    superTinyIcons: readdirSync(packageFile("super-tiny-icons", "images/svg"))
      .filter((f) => f.endsWith(".svg"))
      .map((f) => f.slice(0, -4)),
  };
}
