/** A zone of `layers/no-restricted-paths` (layers.js). */
export interface Zone {
  target: string | string[];
  targetExcept?: string[];
  from: string | string[];
  except?: string[];
  message: string;
}

/** The server's walls, generated from the folders under `root` (the repository root). */
export function serverWalls(root: URL): Zone[];
