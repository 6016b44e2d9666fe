// Workers only: the monogram font, bundled by wrangler as raw bytes (the `[[rules]] type = "Data"` rule for *.ttf in
// workers/img/wrangler.toml). Inter SemiBold, © The Inter Project Authors, SIL Open Font License 1.1 (LICENSE_FONT in
// the npm package @expo-google-fonts/inter, which it comes from).
import INTER from "@expo-google-fonts/inter/600SemiBold/Inter_600SemiBold.ttf";

export const MONOGRAM_FONT = new Uint8Array(INTER);
