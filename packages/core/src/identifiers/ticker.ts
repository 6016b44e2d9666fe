// Stock tickers: `AAPL`, class shares `BRK.B` / `BRK-B`, and an exchange suffix after the last dot (`AAPL.LSE`,
// `7203.T`, `SHOP.TO`). Without a known suffix the ticker is looked up on the US exchanges.

/** US exchanges, the default when no suffix selects another (spec: "US exchanges by default"). */
export const US_MICS = ["XNYS", "XNAS", "XASE", "ARCX", "BATS"] as const;

const TICKER = /^[A-Z0-9]{1,6}(?:[.-][A-Z0-9]{1,2})?(?:\.[A-Z]{1,4})?$/;

export type TickerQuery = {
  /** The whole ticker, class separator normalised to a dot (`BRK-B` → `BRK.B`). */
  symbol: string;
  /** When the part after the last dot could be an exchange suffix: the symbol before it and the suffix. */
  suffixed: { symbol: string; suffix: string } | null;
};

export function parseTicker(input: string): TickerQuery | null {
  const ticker = input.trim().toUpperCase();
  if (!TICKER.test(ticker)) return null;
  const symbol = ticker.replace("-", ".");
  const dot = symbol.lastIndexOf(".");
  const tail = symbol.slice(dot + 1);
  return {
    symbol,
    suffixed: dot > 0 && /^[A-Z]{1,4}$/.test(tail) ? { symbol: symbol.slice(0, dot), suffix: tail } : null,
  };
}
