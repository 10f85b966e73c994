// The server's modules and their front doors (docs/architecture.md).
export function serverModules(_root) {
  return [];
}
