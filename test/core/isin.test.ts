import { describe, expect, it } from "vitest";
import { isValidIsin } from "@brand/core/identifiers/isin";

describe("ISIN check digit", () => {
  it("accepts real ISINs", () => {
    for (const isin of ["US0378331005", "US5949181045", "GB0002634946", "DE0007164600", "us0378331005"]) {
      expect(isValidIsin(isin)).toBe(true);
    }
  });

  it("refuses a wrong check digit, a wrong length and bad characters", () => {
    for (const isin of ["US0378331006", "US037833100", "US03783310055", "U10378331005", "US03783310-5", ""]) {
      expect(isValidIsin(isin)).toBe(false);
    }
  });
});
