// The Workers keep what they read from D1 in their isolate for a stated bound (docs/performance.md). A test that
// changes D1 behind their back, as another isolate or an operator's script would, drops those copies first, so it sees
// the change at once instead of after the bound. (Tests run in the Worker's own isolate, so this is the Worker's cache.)
import { forgetCachedKeys } from "@brand/core/auth/authenticate";
import { forgetCorpusIndex } from "@brand/core/beta/corpus-index";
import { forgetCachedDomains } from "@brand/core/brands/domain-cache";
import { forgetCachedSearches } from "@brand/core/brands/search";

export function forgetIsolateCaches(): void {
  forgetCachedKeys();
  forgetCachedDomains();
  forgetCachedSearches();
  forgetCorpusIndex();
}
