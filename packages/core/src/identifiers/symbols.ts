// Shapes of the other identifier kinds. A malformed one is a 400; a well-formed unknown one gets the fallback.

/** Crypto asset symbols: `BTC`, `ETH`, `1INCH` (case-insensitive). */
export function parseCryptoSymbol(input: string): string | null {
  const symbol = input.trim().toUpperCase();
  return /^[A-Z0-9]{2,10}$/.test(symbol) ? symbol : null;
}

/** Exchanges by ISO 10383 MIC (`XNYS`) or common acronym (`NYSE`, `LSE`). */
export function parseExchangeCode(input: string): string | null {
  const code = input.trim().toUpperCase();
  return /^[A-Z0-9]{2,10}$/.test(code) ? code : null;
}

/** Market indices by symbol (`SPX`, `NDX`) or alias (`^GSPC`, `FTSEMIB.MI`). */
export function parseIndexSymbol(input: string): string | null {
  const symbol = input.trim().toUpperCase();
  return /^\^?[A-Z0-9]+(?:\.[A-Z0-9]+)?$/.test(symbol) && symbol.replace("^", "").length >= 2 && symbol.length <= 12
    ? symbol
    : null;
}

/** Brand names for /name/{brand}: 1 to 100 characters with at least one letter or digit. */
export function parseBrandName(input: string): string | null {
  const name = input.trim().replace(/\s+/g, " ");
  return name.length >= 1 && [...name].length <= 100 && /[\p{L}\p{N}]/u.test(name) ? name : null;
}
