// workerd and Node have no ImageData, but the jsquash codecs construct and return it. This minimal version (the
// three fields the codecs use) is installed globally once, before any codec runs.
export class PixelData {
  readonly data: Uint8ClampedArray;
  readonly width: number;
  readonly height: number;
  readonly colorSpace = "srgb";

  constructor(data: Uint8ClampedArray, width: number, height?: number) {
    this.data = data;
    this.width = width;
    this.height = height ?? data.length / 4 / width;
  }
}

export type Pixels = { data: Uint8ClampedArray; width: number; height: number };

export function installImageData(): void {
  const scope = globalThis as { ImageData?: unknown };
  scope.ImageData ??= PixelData;
}
