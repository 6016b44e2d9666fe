export function iconCatalogue(): import("../../packages/core/src/seed/validate.ts").IconCatalogue;
