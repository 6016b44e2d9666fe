// ISIN (ISO 6166): two-letter country, nine alphanumerics, one Luhn check digit over the letters-as-numbers.
const ISIN_SHAPE = /^[A-Z]{2}[A-Z0-9]{9}[0-9]$/;

export function isValidIsin(input: string): boolean {
  const isin = input.toUpperCase();
  if (!ISIN_SHAPE.test(isin)) return false;
  const digits = [...isin.slice(0, 11)].map((c) => parseInt(c, 36).toString()).join("");
  return luhnCheckDigit(digits) === Number(isin[11]);
}

function luhnCheckDigit(digits: string): number {
  let sum = 0;
  // Double every second digit counting from the right of the payload (the check digit is not yet there).
  for (let i = digits.length - 1, double = true; i >= 0; i--, double = !double) {
    let d = Number(digits[i]);
    if (double) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}
